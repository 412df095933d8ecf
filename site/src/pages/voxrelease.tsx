import { toolById } from "../tools/catalog.ts";
import { PressReleaseTool } from "../tools/press-release/press-release-tool.tsx";
import { ToolPage } from "../tools/tool-page.tsx";

export function Component() {
  return (
    <ToolPage tool={toolById("release")}>
      <PressReleaseTool />
    </ToolPage>
  );
}
