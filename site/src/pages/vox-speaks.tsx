import { SignedInHistory } from "../tools/audio/signed-in-history.tsx";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const TtsTool = lazyNamed(() => import("../tools/tts/tts-tool.tsx"), "TtsTool");

export function Component() {
  return (
    <ToolPage tool={toolById("tts")} after={<SignedInHistory kind="tts" />}>
      <TtsTool />
    </ToolPage>
  );
}
