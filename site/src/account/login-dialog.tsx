import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { storeSession } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, PasswordField, SubmitButton, TextField } from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { LOGIN_SUCCESS_TOAST_MS } from "../ui/toast-timing.ts";
import { signin } from "./accounts-api.ts";

interface LoginForm {
  email: string;
  password: string;
}

/** Success stores the session, toasts, closes and goes to /solutions; failure stays open. */
export default function LoginDialog({ onClose }: DialogProps) {
  const { openModal } = useModals();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<LoginForm>({ defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token, data } = await signin(values);
      storeSession(token, data);
      toast.success("Login Successfully", { duration: LOGIN_SUCCESS_TOAST_MS });
      onClose();
      navigate(PATHS.solutions);
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
          Forgot Password?
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
