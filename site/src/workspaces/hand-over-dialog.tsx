import type { HandedOver, Member, Workspace } from "@worker/workspaces/contracts/workspaces.ts";
import { useState } from "react";
import { ApiError } from "../api/client.ts";
import { storeSession, storeUser } from "../api/session.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { handOver } from "./workspaces-api.ts";

interface HandOverDialogProps {
  readonly workspace: Workspace;
  readonly member: Member;
  readonly onHandedOver: (answer: HandedOver) => void;
  /** The Worker said no (the member left, the person is no longer the owner): nothing to try again. */
  readonly onRefused: (message: string) => void;
  readonly onCancel: () => void;
}

/** The owner makes `member` the owner of the workspace, and stays in it as an admin. */
export function HandOverDialog({ workspace, member, onHandedOver, onRefused, onCancel }: HandOverDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const confirm = async () => {
    setBusy(true);
    setProblem("");
    try {
      const answer = await handOver(member.user_id);
      // Handing over the workspace one signed up with moves one's login to a new account: the
      // answer's user, with a token naming it.
      if (answer.token) storeSession(answer.token, answer.user);
      else storeUser(answer.user);
      onHandedOver(answer);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0) onRefused(failure.message);
      // Not reached, the owner may try again from here.
      else setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Hand ${workspace.name} over to ${member.name}?`}
      description={`${member.name} becomes its owner: they hold its billing and can delete it. You stay in it as an admin. Auto-renew on your card stops now; the plan runs to the end of what is paid, and ${member.name} renews it with their own card.`}
      onClose={onCancel}
    >
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <BusyButton
          className="button button--danger"
          busy={busy}
          busyLabel="Handing over…"
          onClick={() => void confirm()}
        >
          Hand over
        </BusyButton>
      </div>
    </Dialog>
  );
}
