import type { DialogProps } from "../ui/modal-context.ts";
import { VerifyEmailDialog } from "./verify-email-gate.tsx";

/** The verification code step as a modal of its own: sign-up opens it the moment the account exists. */
export default function VerifyEmailModal({ modal, onClose }: DialogProps) {
  return <VerifyEmailDialog email={modal.email ?? ""} onClose={onClose} />;
}
