import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { clearSession } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import { PasswordField, SubmitButton, showSubmitError } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { useWorkspaces } from "../workspaces/use-workspace.ts";
import { deleteAccount } from "./accounts-api.ts";

const others = (count: number) => (count === 1 ? "1 other member" : `${count} other members`);

/**
 * Deleting the account deletes every workspace the person owns, for everyone in it: their own and
 * any handed to them. Each is named, so the person can hand over the ones to keep first.
 */
function WorkspacesNote() {
  const { items } = useWorkspaces();
  const owned = items.filter((item) => item.role === "owner");
  const left =
    items.length > owned.length ? " Workspaces you were invited to are left, and their work stays with them." : "";
  // Alone in their own workspace, the person loses only their own work; these words also stand in
  // until the list has loaded.
  if (owned.length <= 1 && (owned[0]?.seats.used ?? 1) <= 1) {
    return (
      <p className="muted">Your workspace goes with it: its recordings, releases and reports are deleted.{left}</p>
    );
  }
  return (
    <>
      <p className="muted">
        Deleting your account deletes the workspaces you own, with all their work, for everyone in them:
      </p>
      <ul className="muted delete-account__workspaces">
        {owned.map((workspace) => (
          <li key={workspace.id}>
            {workspace.name}
            {workspace.seats.used > 1 && ` (you and ${others(workspace.seats.used - 1)})`}
          </li>
        ))}
      </ul>
      <p className="muted">To keep one, hand it over to another member in Settings › Team first.{left}</p>
    </>
  );
}

/** Settings → Account: deletion asks for the password in a confirmation dialog. */
export function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="danger-zone">
      <h3>Delete account</h3>
      <p className="muted">
        This deletes your profile, sessions and saved work for good. Active plans are not refunded.
      </p>
      <WorkspacesNote />
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Delete Account
      </button>
      {confirming && <ConfirmDeletion onClose={() => setConfirming(false)} />}
    </div>
  );
}

function ConfirmDeletion({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<{ password: string }>({
    defaultValues: { password: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { message } = await deleteAccount({ password });
      clearSession();
      toast.success(message);
      onClose();
      navigate(PATHS.home);
    } catch (error) {
      showSubmitError(error, setError, { password: "password" });
    }
  });

  return (
    <Dialog
      title="Delete your account?"
      description="Enter your password to confirm. This cannot be undone."
      onClose={onClose}
    >
      <WorkspacesNote />
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password")}
        />
        <SubmitButton submitting={formState.isSubmitting}>Delete my account</SubmitButton>
      </form>
    </Dialog>
  );
}
