import { STORAGE_KEYS } from "../api/session.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { verifyOtp } from "./accounts-api.ts";
import { CodeForm } from "./code-form.tsx";
import { verifyOtpForm } from "./recovery-forms.ts";

/** Recovery step 2: the code buys a short-lived reset grant, kept as `id` until the reset. */
export default function VerifyOtpDialog({ modal, onClose }: DialogProps) {
  const { openModal } = useModals();
  const email = modal.email ?? "";

  const onSubmit = async (otp: string) => {
    try {
      const { message, data } = await verifyOtp({ email, otp });
      localStorage.setItem(STORAGE_KEYS.resetGrant, data.user_id);
      toast.success(message);
      openModal("reset");
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Dialog title="Verify Otp" description={`Enter the 6-digit code we sent to ${email}.`} onClose={onClose}>
      <CodeForm
        label="Otp"
        schema={verifyOtpForm}
        submitLabel="Submit"
        onSubmit={onSubmit}
        onNewCode={() => openModal("forgot")}
      />
    </Dialog>
  );
}
