import { lazyNamed } from "../app/lazy-named.ts";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxSpeaksTool = lazyNamed(() => import("../tools/tts/vox-speaks-tool.tsx"), "VoxSpeaksTool");
const HistoryPanel = lazyNamed(() => import("../tools/audio/history-panel.tsx"), "HistoryPanel");

export function Component() {
  return (
    <ToolPage tool={toolById("speaks")} after={<HistoryPanel kind="tts" />}>
      <VoxSpeaksTool />
    </ToolPage>
  );
}
