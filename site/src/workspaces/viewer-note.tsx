import { useWorkspace } from "./use-workspace.ts";

/**
 * Where a viewer would look for a control that changes work, the one line that says why it is not
 * there and how to get it; nothing for anyone who may edit. Every screen shows these same words.
 */
export function ViewerNote() {
  const { workspace, canEdit } = useWorkspace();
  if (canEdit) return null;
  return (
    <p className="viewer-note" role="note">
      You are a viewer in {workspace?.name ?? "this workspace"}: you can read, play and export its work. Ask an owner or
      admin for the editor role to make changes.
    </p>
  );
}

/** In place of the sending domain's controls, for an editor or viewer. */
export function AdminNote() {
  const { workspace } = useWorkspace();
  return (
    <p className="viewer-note" role="note">
      An owner or admin of {workspace?.name ?? "this workspace"} adds, checks and removes its sending domain.
    </p>
  );
}
