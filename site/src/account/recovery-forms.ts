import { z } from "zod";

/** Client-side rules of the recovery modals, with the exact messages of the product. */

export const forgotPasswordForm = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid e-mail address")),
});

export const verifyOtpForm = z.object({
  code: z.string().trim().min(1, "Otp is required"),
});

export const resetPasswordForm = z
  .object({
    password: z.string().min(1, "Password is required"),
    confirmPassword: z.string().min(1, "Confirm Password is required"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });
