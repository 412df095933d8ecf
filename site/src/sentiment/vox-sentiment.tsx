import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const SentimentTool = lazyNamed(() => import("./sentiment-tool.tsx"), "SentimentTool");

export function Component() {
  return (
    <ToolPage tool={toolById("sentiment")}>
      <SentimentTool />
    </ToolPage>
  );
}
