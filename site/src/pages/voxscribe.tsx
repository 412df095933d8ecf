import { lazyNamed } from "../app/lazy-named.ts";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxScribeTool = lazyNamed(() => import("../tools/scribe/voxscribe-tool.tsx"), "VoxScribeTool");

export function Component() {
  return (
    <ToolPage tool={toolById("scribe")}>
      <VoxScribeTool />
    </ToolPage>
  );
}
