import { useForm } from "react-hook-form";
import { storeSession } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import {
  errorMessage,
  fieldsOf,
  PasswordField,
  PersonFields,
  type PersonFieldValues,
  SubmitButton,
  showServerFieldErrors,
  withNigerianPrefix,
} from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { register as registerAccount, signin } from "./accounts-api.ts";

interface SignupForm extends PersonFieldValues {
  password: string;
}

const SIGNUP_TOAST = "signup";

const SERVER_FIELDS = {
  name: "fullName",
  email: "email",
  phone_number: "phone",
  organization_name: "companyName",
  password: "password",
} as const;

/**
 * Create Account. On success the toast shows, the person is logged in and the e-mail code step
 * opens (docs/decisions/018). On failure
 * the original product closed the modal; it stays open with the server's field errors so nothing typed is
 * lost (docs/decisions/).
 */
/** Opens in a new tab, so reading the terms never loses what has been typed here. */
function NewTabLink({ href, children }: { readonly href: string; readonly children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export default function SignupDialog({ onClose }: DialogProps) {
  const { openModal } = useModals();
  const { register, handleSubmit, formState, setError } = useForm<SignupForm>({
    defaultValues: { fullName: "", email: "", phone: "", companyName: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await registerAccount({
        name: values.fullName,
        email: values.email,
        phone_number: withNigerianPrefix(values.phone),
        organization_name: values.companyName,
        password: values.password,
      });
      // One toast for the form: success takes the place of an earlier attempt's error.
      toast.success("Signed Up Successfully", { id: SIGNUP_TOAST, description: null });
      // The person has just typed their password: log them in with it and ask for the e-mailed
      // code at once, rather than a Login dialog to fill in again. An address that already had an
      // account is answered like a new one, and its password does not match: Login takes over.
      try {
        const session = await signin({ email: data.email, password: values.password });
        storeSession(session.token, session.data);
        openModal("verifyEmail", { email: data.email });
      } catch {
        openModal("login");
      }
    } catch (error) {
      toast.error("Error", { description: errorMessage(error), id: SIGNUP_TOAST });
      showServerFieldErrors(error, setError, SERVER_FIELDS);
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <Dialog title="Create Account" description="Start with 2 days of free access to every tool." onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PersonFields register={register} errors={formState.errors} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field("password")}
        />
        <p className="form__consent">
          By creating an account you agree to the <NewTabLink href={PATHS.terms}>Terms of service</NewTabLink> and the{" "}
          <NewTabLink href={PATHS.privacy}>Privacy notice</NewTabLink>.
        </p>
        <SubmitButton submitting={formState.isSubmitting}>Create Account</SubmitButton>
        <p className="form__switch">
          Already have an account?{" "}
          <button type="button" className="link-button" onClick={() => openModal("login")}>
            Login
          </button>
        </p>
      </form>
    </Dialog>
  );
}
