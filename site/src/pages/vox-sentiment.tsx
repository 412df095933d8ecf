import { lazy } from "react";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const SentimentTool = lazy(() =>
  import("../tools/sentiment/sentiment-tool.tsx").then((m) => ({ default: m.SentimentTool })),
);

export function Component() {
  return (
    <ToolPage tool={toolById("sentiment")}>
      <SentimentTool />
    </ToolPage>
  );
}
