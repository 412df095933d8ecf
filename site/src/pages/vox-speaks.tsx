import { HistoryPanel } from "../tools/audio/history-panel.tsx";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { VoxSpeaksTool } from "../tools/tts/vox-speaks-tool.tsx";

export function Component() {
  return (
    <ToolPage tool={toolById("speaks")} after={<HistoryPanel kind="tts" />}>
      <VoxSpeaksTool />
    </ToolPage>
  );
}
