import type { Tool } from "./catalog.ts";

/** A tool's name with its Beta badge where it has one, the same in every menu, card and title. */
export function ToolName({ tool }: { tool: Tool }) {
  return (
    <>
      {tool.name}
      {tool.beta && <span className="badge">Beta</span>}
    </>
  );
}
