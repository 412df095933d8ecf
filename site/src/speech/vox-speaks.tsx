import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";
import { SignedInHistory } from "./signed-in-history.tsx";

const TtsTool = lazyNamed(() => import("./tts-tool.tsx"), "TtsTool");

export function Component() {
  return (
    <ToolPage tool={toolById("tts")} after={<SignedInHistory kind="tts" />}>
      <TtsTool />
    </ToolPage>
  );
}
