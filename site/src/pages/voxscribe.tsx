import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

export function Component() {
  return <ToolPage tool={toolById("scribe")} />;
}
