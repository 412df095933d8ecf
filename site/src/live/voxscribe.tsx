import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const LiveTool = lazyNamed(() => import("./live-tool.tsx"), "LiveTool");

export function Component() {
  return (
    <ToolPage tool={toolById("live")}>
      <LiveTool />
    </ToolPage>
  );
}
