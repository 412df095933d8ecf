import { useForm } from "react-hook-form";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import {
  errorMessage,
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
import { register as registerAccount } from "./accounts-api.ts";

interface SignupForm extends PersonFieldValues {
  password: string;
}

const SERVER_FIELDS = {
  name: "fullName",
  email: "email",
  phone_number: "phone",
  organization_name: "companyName",
  password: "password",
} as const;

/**
 * Create Account. On success the toast shows and the login modal takes over. On failure
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
      await registerAccount({
        name: values.fullName,
        email: values.email,
        phone_number: withNigerianPrefix(values.phone),
        organization_name: values.companyName,
        password: values.password,
      });
      toast.success("Signed Up Successfully");
      openModal("login");
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
      showServerFieldErrors(error, setError, SERVER_FIELDS);
    }
  });

  const { errors } = formState;
  return (
    <Dialog title="Create Account" description="Start with 2 days of free access to every tool." onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PersonFields register={register} errors={errors} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register("password")}
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
