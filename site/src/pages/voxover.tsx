import { lazy } from "react";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxOverTool = lazy(() =>
  import("../tools/voice-conversion/voxover-tool.tsx").then((m) => ({ default: m.VoxOverTool })),
);
const HistoryPanel = lazy(() => import("../tools/audio/history-panel.tsx").then((m) => ({ default: m.HistoryPanel })));

export function Component() {
  return (
    <ToolPage tool={toolById("over")} after={<HistoryPanel kind="voice-conversion" />}>
      <VoxOverTool />
    </ToolPage>
  );
}
