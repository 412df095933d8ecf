import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const VoiceConversionTool = lazyNamed(
  () => import("../tools/voice-conversion/voice-conversion-tool.tsx"),
  "VoiceConversionTool",
);
const HistoryPanel = lazyNamed(() => import("../tools/audio/history-panel.tsx"), "HistoryPanel");

export function Component() {
  return (
    <ToolPage tool={toolById("voiceConversion")} after={<HistoryPanel kind="voice-conversion" />}>
      <VoiceConversionTool />
    </ToolPage>
  );
}
