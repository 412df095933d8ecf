import { toolById } from "../tools/catalog.ts";
import { SentimentTool } from "../tools/sentiment/sentiment-tool.tsx";
import { ToolPage } from "../tools/tool-page.tsx";

export function Component() {
  return (
    <ToolPage tool={toolById("sentiment")}>
      <SentimentTool />
    </ToolPage>
  );
}
