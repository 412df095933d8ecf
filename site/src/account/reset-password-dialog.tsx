import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import type { z } from "zod";
import { STORAGE_KEYS } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, fieldsOf, PasswordField, SubmitButton } from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { resetPassword } from "./accounts-api.ts";
import { resetPasswordForm } from "./recovery-forms.ts";

/** Recovery step 3: spends the grant; on success `id` is removed and the app goes to /. */
export default function ResetPasswordDialog({ onClose }: DialogProps) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof resetPasswordForm>>({
    resolver: zodResolver(resetPasswordForm),
    mode: "onTouched",
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    try {
      const { message } = await resetPassword({
        user_id: localStorage.getItem(STORAGE_KEYS.resetGrant) ?? "",
        password,
        password_confirmation: confirmPassword,
      });
      localStorage.removeItem(STORAGE_KEYS.resetGrant);
      toast.success(message);
      onClose();
      navigate(PATHS.home);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <Dialog title="Reset Password" description="Choose a new password of at least 8 characters." onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField label="New Password" autoComplete="new-password" {...field("password")} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field("confirmPassword")} />
        <SubmitButton submitting={formState.isSubmitting}>Submit</SubmitButton>
      </form>
    </Dialog>
  );
}
