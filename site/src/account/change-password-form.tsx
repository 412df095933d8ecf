import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldsOf, PasswordField, SubmitButton, showSubmitError } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { changePassword } from "./accounts-api.ts";

const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, "Current password is required"),
    password: z.string().min(8, "Use at least 8 characters"),
    confirmPassword: z.string().min(1, "Confirm Password is required"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** Settings → Password and authentication; other devices are signed out by the server. */
export function ChangePasswordForm() {
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    mode: "onTouched",
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await changePassword({
        current_password: values.currentPassword,
        password: values.password,
        password_confirmation: values.confirmPassword,
      });
      toast.success(message);
      reset();
    } catch (error) {
      showSubmitError(error, setError, {
        current_password: "currentPassword",
        password: "password",
        password_confirmation: "confirmPassword",
      });
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate>
      <PasswordField label="Current password" autoComplete="current-password" {...field("currentPassword")} />
      <PasswordField label="New password" autoComplete="new-password" {...field("password")} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...field("confirmPassword")} />
      <SubmitButton submitting={formState.isSubmitting}>Change password</SubmitButton>
    </form>
  );
}
