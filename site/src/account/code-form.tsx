import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SubmitButton, TextField } from "../ui/form-fields.tsx";

type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

interface CodeFormProps {
  /** The field's label, as the spec words it for each step ("Otp", "Code"). */
  readonly label: string;
  readonly schema: CodeSchema;
  readonly submitLabel: string;
  readonly onSubmit: (code: string) => Promise<void>;
  /** "Send a new code": opens the step that sends one, or sends one itself. */
  readonly onNewCode: () => void;
  readonly sendingNewCode?: boolean;
}

/** The one form that takes an e-mailed six-digit code: password recovery and e-mail verification. */
export function CodeForm({ label, schema, submitLabel, onSubmit, onNewCode, sendingNewCode = false }: CodeFormProps) {
  const { register, handleSubmit, formState } = useForm<{ code: string }>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { code: "" },
  });
  return (
    <form className="form" onSubmit={handleSubmit(({ code }) => onSubmit(code))} noValidate>
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={formState.errors.code?.message}
        {...register("code")}
      />
      <SubmitButton submitting={formState.isSubmitting}>{submitLabel}</SubmitButton>
      <button type="button" className="link-button form__aside" onClick={onNewCode} disabled={sendingNewCode}>
        Send a new code
      </button>
    </form>
  );
}
