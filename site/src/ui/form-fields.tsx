import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api/client.ts";
import { toast } from "./toast.ts";

interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly children: ReactNode;
}

export function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = ComponentProps<"input"> & { label: string; error?: string | undefined; hint?: string };

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export function TextField({ label, error, hint, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  ...textarea
}: ComponentProps<"textarea"> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        rows={4}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, ...input }: InputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <span className="field__group">
        <input
          id={id}
          className="field__input"
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="field__addon-button"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </button>
      </span>
    </FieldFrame>
  );
}

/** Nigerian phone input: digits only at browser level, shown after a fixed +234. */
export function PhoneField({ label, error, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <span className="field__group">
        <span className="field__prefix" aria-hidden="true">
          +234
        </span>
        <input
          id={id}
          className="field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="803 123 4567"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, "");
          }}
          {...input}
        />
      </span>
    </FieldFrame>
  );
}

/** Phone numbers are sent with the +234 prefix; a leading 0 is the trunk prefix. */
export function withNigerianPrefix(digits: string): string {
  return digits ? `+234${digits.replace(/^0/, "")}` : "";
}

export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting}>
      {submitting ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" />
          <span className="visually-hidden">Submitting</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * A form's fields, each its registration with its error message, to spread on a `TextField` or its
 * kin: `const field = fieldsOf(register, errors)`, then `<TextField label="Outlet" {...field("outlet")} />`.
 */
export function fieldsOf<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({
    ...register(name),
    error: errorAt(errors, name),
  });
}

/**
 * The message at a dotted path (`media_contact.email`, `spokespeople.0.name`). Not react-hook-form's
 * own `get`: a value imported from the library brings it into every tool page's first load, where
 * its types cost nothing (tests/e2e/budgets.test.ts counts the files).
 */
function errorAt(errors: FieldErrors, path: string): string | undefined {
  let at: unknown = errors;
  for (const key of path.split("."))
    at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  const message = at && typeof at === "object" ? (at as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** What an address, a domain or a code is typed with: no capitals, suggestions or spelling marks. */
export const VERBATIM_INPUT = { autoCapitalize: "none", autoComplete: "off", spellCheck: false } as const;

/** Shows the server's field errors under the matching inputs (server name → form field name). */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, Path<T>>>,
): void {
  if (!(error instanceof ApiError)) return;
  for (const [serverField, messages] of Object.entries(error.errors)) {
    const field = fields[serverField];
    if (field && messages[0]) setError(field, { message: messages[0] });
  }
}

/** A refused submit: why, in a toast, and the server's field errors under their inputs. */
export function showSubmitError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, Path<T>>>,
): void {
  toast.error(errorMessage(error));
  showServerFieldErrors(error, setError, fields);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

export interface PersonFieldValues {
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
}

/** Full name, e-mail, phone and company: the fields sign-up and consultation share. */
export function PersonFields<T extends PersonFieldValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PersonFieldValues>;
}) {
  const field = (name: keyof PersonFieldValues) => ({
    ...register(name as Path<T>),
    error: errors[name]?.message,
  });
  return (
    <>
      <TextField label="Full name" autoComplete="name" {...field("fullName")} />
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
      <PhoneField label="Phone number" {...field("phone")} />
      <TextField label="Company name" autoComplete="organization" {...field("companyName")} />
    </>
  );
}
