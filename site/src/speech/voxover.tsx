import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";
import { SignedInHistory } from "./signed-in-history.tsx";

const VoiceConversionTool = lazyNamed(() => import("./voice-conversion-tool.tsx"), "VoiceConversionTool");

export function Component() {
  return (
    <ToolPage tool={toolById("voiceConversion")} after={<SignedInHistory kind="voice-conversion" />}>
      <VoiceConversionTool />
    </ToolPage>
  );
}
