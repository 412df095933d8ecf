import { lazy } from "react";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const VoxScribeTool = lazy(() =>
  import("../tools/scribe/voxscribe-tool.tsx").then((m) => ({ default: m.VoxScribeTool })),
);

export function Component() {
  return (
    <ToolPage tool={toolById("scribe")}>
      <VoxScribeTool />
    </ToolPage>
  );
}
