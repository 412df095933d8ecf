import { SignedInHistory } from "../tools/audio/signed-in-history.tsx";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const VoiceConversionTool = lazyNamed(
  () => import("../tools/voice-conversion/voice-conversion-tool.tsx"),
  "VoiceConversionTool",
);

export function Component() {
  return (
    <ToolPage tool={toolById("voiceConversion")} after={<SignedInHistory kind="voice-conversion" />}>
      <VoiceConversionTool />
    </ToolPage>
  );
}
