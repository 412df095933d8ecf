import type { Member, Workspace } from "@worker/workspaces/contracts/workspaces.ts";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { useSwitchWorkspace } from "./use-workspace.ts";
import { removeMember } from "./workspaces-api.ts";

/** A member leaves (they may come back only by a new invitation); the site goes back to their own. */
export function LeaveWorkspace({ workspace, me }: { workspace: Workspace; me: Member }) {
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const leave = async () => {
    setLeaving(true);
    try {
      await removeMember(me.user_id);
      await switchTo(null);
      toast.success(`You left ${workspace.name}.`);
      setConfirming(false);
      navigate(PATHS.settings);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setLeaving(false);
    }
  };
  return (
    <div className="danger-zone">
      <h3>Leave {workspace.name}</h3>
      <p className="muted">You lose access to its work at once. To come back, ask its owner for a new invitation.</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Leave workspace
      </button>
      {confirming && (
        <Dialog
          title={`Leave ${workspace.name}?`}
          description="You lose access to its recordings, releases and reports at once."
          onClose={() => setConfirming(false)}
        >
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Stay
            </button>
            <BusyButton
              className="button button--danger"
              busy={leaving}
              busyLabel="Leaving…"
              onClick={() => void leave()}
            >
              Leave
            </BusyButton>
          </div>
        </Dialog>
      )}
    </div>
  );
}
