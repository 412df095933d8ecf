import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, SubmitButton, TextField } from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { forgotPassword } from "./accounts-api.ts";
import { forgotPasswordForm } from "./recovery-forms.ts";

/** Recovery step 1: the server mails a code; the verify modal opens next. */
export default function ForgotPasswordDialog({ onClose }: DialogProps) {
  const { openModal } = useModals();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof forgotPasswordForm>>({
    resolver: zodResolver(forgotPasswordForm),
    mode: "onTouched",
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const { message } = await forgotPassword({ email });
      toast.success(message);
      openModal("verify", { email });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog
      title="Forgot Password"
      description="Enter your account's e-mail and we will send you a 6-digit code."
      onClose={onClose}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <SubmitButton submitting={formState.isSubmitting}>Submit</SubmitButton>
      </form>
    </Dialog>
  );
}
