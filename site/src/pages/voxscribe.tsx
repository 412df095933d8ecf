import { toolById } from "../tools/catalog.ts";
import { VoxScribeTool } from "../tools/scribe/voxscribe-tool.tsx";
import { ToolPage } from "../tools/tool-page.tsx";

export function Component() {
  return (
    <ToolPage tool={toolById("scribe")}>
      <VoxScribeTool />
    </ToolPage>
  );
}
