import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const PressReleaseTool = lazyNamed(() => import("./press-release-tool.tsx"), "PressReleaseTool");

export function Component() {
  return (
    <ToolPage tool={toolById("pressRelease")}>
      <PressReleaseTool />
    </ToolPage>
  );
}
