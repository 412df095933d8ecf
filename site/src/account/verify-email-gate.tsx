import { useState } from "react";
import { z } from "zod";
import { storeUser } from "../api/session.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { fetchMe, resendVerification, verifyEmail } from "./accounts-api.ts";
import { CodeForm } from "./code-form.tsx";

const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail"),
});

/**
 * The e-mailed code that starts the trial: its dialog takes the code (or sends a new one), and once
 * it is accepted the refreshed user brings the tools. Sign-up opens it at once; a tool page opens it
 * in place of the tool until then.
 */
export function VerifyEmailDialog({ email, onClose }: { readonly email: string; readonly onClose: () => void }) {
  const [resending, setResending] = useState(false);
  const onSubmit = async (code: string) => {
    try {
      const { message } = await verifyEmail({ email, code });
      toast.success(message);
      storeUser((await fetchMe()).data);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      toast.success((await resendVerification({ email })).message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <Dialog
      title="Verify your e-mail"
      description={`Enter the 6-digit code we sent to ${email} to start your free trial.`}
      onClose={onClose}
    >
      <CodeForm
        label="Code"
        schema={codeForm}
        submitLabel="Verify"
        onSubmit={onSubmit}
        onNewCode={resend}
        sendingNewCode={resending}
      />
    </Dialog>
  );
}

interface VerifyEmailGateProps {
  readonly email: string;
  readonly toolName: string;
}

/** Stands in for a tool until the account's e-mail is verified. */
export default function VerifyEmailGate({ email, toolName }: VerifyEmailGateProps) {
  const [open, setOpen] = useState(true);
  return (
    <div className="panel">
      <p>
        Verify your e-mail to start your free trial and use {toolName}. We sent a 6-digit code to {email}.
      </p>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Enter code
      </button>
      {open && <VerifyEmailDialog email={email} onClose={() => setOpen(false)} />}
    </div>
  );
}
