import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const TtsTool = lazyNamed(() => import("../tools/tts/tts-tool.tsx"), "TtsTool");
const HistoryPanel = lazyNamed(() => import("../tools/audio/history-panel.tsx"), "HistoryPanel");

export function Component() {
  return (
    <ToolPage tool={toolById("tts")} after={<HistoryPanel kind="tts" />}>
      <TtsTool />
    </ToolPage>
  );
}
