import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { clearSession } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, PasswordField, SubmitButton, showServerFieldErrors } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { deleteAccount } from "./accounts-api.ts";

/**
 * A workspace is its owner's account (docs/decisions/023): deleting the account deletes the
 * workspace, and ownership cannot be handed over first.
 */
const WORKSPACE_NOTE =
  "Your workspace goes with it: its recordings, releases and reports are deleted, and the people you invited lose access at once. Workspaces you were invited to are left, and their work stays with them.";

/** Settings → Account: deletion asks for the password in a confirmation dialog. */
export function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="danger-zone">
      <h3>Delete account</h3>
      <p className="muted">
        This deletes your profile, sessions and saved work for good. Active plans are not refunded.
      </p>
      <p className="muted">{WORKSPACE_NOTE}</p>
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
      toast.error(errorMessage(error));
      showServerFieldErrors(error, setError, { password: "password" });
    }
  });

  return (
    <Dialog
      title="Delete your account?"
      description="Enter your password to confirm. This cannot be undone."
      onClose={onClose}
    >
      <p className="muted">{WORKSPACE_NOTE}</p>
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
