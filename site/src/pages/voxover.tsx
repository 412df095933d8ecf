import { lazyNamed } from "../app/lazy-named.ts";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxOverTool = lazyNamed(() => import("../tools/voice-conversion/voxover-tool.tsx"), "VoxOverTool");
const HistoryPanel = lazyNamed(() => import("../tools/audio/history-panel.tsx"), "HistoryPanel");

export function Component() {
  return (
    <ToolPage tool={toolById("over")} after={<HistoryPanel kind="voice-conversion" />}>
      <VoxOverTool />
    </ToolPage>
  );
}
