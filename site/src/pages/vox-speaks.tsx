import { lazy } from "react";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxSpeaksTool = lazy(() =>
  import("../tools/tts/vox-speaks-tool.tsx").then((m) => ({ default: m.VoxSpeaksTool })),
);
const HistoryPanel = lazy(() => import("../tools/audio/history-panel.tsx").then((m) => ({ default: m.HistoryPanel })));

export function Component() {
  return (
    <ToolPage tool={toolById("speaks")} after={<HistoryPanel kind="tts" />}>
      <VoxSpeaksTool />
    </ToolPage>
  );
}
