import { lazy } from "react";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

const PressReleaseTool = lazy(() =>
  import("../tools/press-release/press-release-tool.tsx").then((m) => ({ default: m.PressReleaseTool })),
);

export function Component() {
  return (
    <ToolPage tool={toolById("release")}>
      <PressReleaseTool />
    </ToolPage>
  );
}
