import { HistoryPanel } from "../tools/audio/history-panel.tsx";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { VoxOverTool } from "../tools/voice-conversion/voxover-tool.tsx";

export function Component() {
  return (
    <ToolPage tool={toolById("over")} after={<HistoryPanel kind="voice-conversion" />}>
      <VoxOverTool />
    </ToolPage>
  );
}
