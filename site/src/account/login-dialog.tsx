import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { type StoredUser, storeSession, useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, PasswordField, SubmitButton, TextField } from "../ui/form-fields.tsx";
import type { ContinueTo, DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { LOGIN_SUCCESS_TOAST_MS } from "../ui/toast-timing.ts";
import { pendingJoinPath } from "../workspaces/join-token.ts";
import { signin } from "./accounts-api.ts";
import { signOut } from "./sign-out.ts";

interface LoginForm {
  email: string;
  password: string;
}

/**
 * Success stores the session, toasts, closes and goes to /solutions; failure stays open. Opened for
 * someone already signed in (Get Started and the solution cards test "signed in" the reversed way,
 * docs/decisions/001), it says who is signed in and leads on to where they were going, asking for
 * no password.
 */
export default function LoginDialog({ modal, onClose }: DialogProps) {
  const user = useStoredUser();
  if (user) {
    const continueTo = modal.continueTo ?? { label: "Our Solutions", path: PATHS.solutions };
    return <SignedIn user={user} continueTo={continueTo} onClose={onClose} />;
  }
  return <LoginForm continueTo={modal.continueTo} onClose={onClose} />;
}

function SignedIn({
  user,
  continueTo,
  onClose,
}: {
  readonly user: StoredUser;
  readonly continueTo: ContinueTo;
  readonly onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog title="Login" description="You are already logged in." onClose={onClose}>
      <p>
        Logged in as <strong>{user.name}</strong>
        {user.email ? ` (${user.email})` : ""}.
      </p>
      <div className="form">
        <button
          type="button"
          className="button button--primary button--block"
          // biome-ignore lint/a11y/noAutofocus: the one thing to do here; Enter goes on at once
          autoFocus
          onClick={() => {
            onClose();
            navigate(continueTo.path);
          }}
        >
          Continue to {continueTo.label}
        </button>
        <button type="button" className="link-button form__aside" onClick={() => signOut()}>
          Not you? Log out and log in as someone else
        </button>
      </div>
    </Dialog>
  );
}

function LoginForm({
  continueTo,
  onClose,
}: {
  readonly continueTo: ContinueTo | undefined;
  readonly onClose: () => void;
}) {
  const { openModal } = useModals();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<LoginForm>({ defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token, data } = await signin(values);
      storeSession(token, data);
      toast.success("Login Successfully", { duration: LOGIN_SUCCESS_TOAST_MS });
      onClose();
      // To /solutions, as the spec has it, unless the press that opened Login was going elsewhere
      // or an invitation this tab opened is waiting to be accepted.
      navigate(continueTo?.path ?? pendingJoinPath() ?? PATHS.solutions);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog title="Login" description="Welcome back. Log in to use your Vox tools." onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...register("email")} />
        <PasswordField label="Password" autoComplete="current-password" {...register("password")} />
        <button type="button" className="link-button form__aside" onClick={() => openModal("forgot")}>
          Forgot Password
        </button>
        <SubmitButton submitting={formState.isSubmitting}>Login</SubmitButton>
        <p className="form__switch">
          Not registered yet?{" "}
          <button type="button" className="link-button" onClick={() => openModal("signup")}>
            Create Account
          </button>
        </p>
      </form>
    </Dialog>
  );
}
