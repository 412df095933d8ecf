import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { verifyOtp } from "../api/accounts.ts";
import { STORAGE_KEYS } from "../api/session.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, SubmitButton, TextField } from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { verifyOtpForm } from "./recovery-forms.ts";

/** Recovery step 2: the code buys a short-lived reset grant, kept as `id` until the reset. */
export default function VerifyOtpDialog({ modal, onClose }: DialogProps) {
  const { openModal } = useModals();
  const email = modal.email ?? "";
  const { register, handleSubmit, formState } = useForm<z.infer<typeof verifyOtpForm>>({
    resolver: zodResolver(verifyOtpForm),
    mode: "onTouched",
    defaultValues: { otp: "" },
  });

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const { message, data } = await verifyOtp({ email, otp });
      localStorage.setItem(STORAGE_KEYS.resetGrant, data.user_id);
      toast.success(message);
      openModal("reset");
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog title="Verify Otp" description={`Enter the 6-digit code we sent to ${email}.`} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={formState.errors.otp?.message}
          {...register("otp")}
        />
        <SubmitButton submitting={formState.isSubmitting}>Submit</SubmitButton>
        <button type="button" className="link-button form__aside" onClick={() => openModal("forgot")}>
          Send a new code
        </button>
      </form>
    </Dialog>
  );
}
