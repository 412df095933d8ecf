import { z } from "zod";
import {
  emailField,
  existingPasswordField,
  lineField,
  nameField,
  newPasswordField,
  organisationField,
  phoneField,
} from "../../contracts/fields.ts";

/** Request bodies of the account endpoints, shared by the Worker and the site. */

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  phone_number: phoneField,
  organization_name: organisationField,
  password: newPasswordField,
});

/** Settings › Profile: what sign-up asked for, each held to sign-up's rule; only what is sent changes. */
export const profileBody = z
  .strictObject(
    {
      name: nameField.optional(),
      phone_number: phoneField.optional(),
      organization_name: lineField(150).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Only name, phone_number and organization_name can change here`
          : undefined,
    },
  )
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    "Send a name, phone_number or organization_name",
  );

export const signinBody = z.object({ email: emailField, password: existingPasswordField });

export const forgotPasswordBody = z.object({ email: emailField });

export const OTP_LENGTH = 6;

export const verifyOtpBody = z.object({
  email: emailField,
  otp: z
    .string({ error: "Otp is required" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail"),
});

/** Sign-up mails a code; entering it proves the address and starts the free trial. */
export const verifyEmailBody = z.object({
  email: emailField,
  code: z
    .string({ error: "Code is required" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail"),
});

export const resendVerificationBody = z.object({ email: emailField });

const matching = <T extends { password: string; password_confirmation: string }>(body: T) =>
  body.password === body.password_confirmation;

export const resetPasswordBody = z
  .object({
    user_id: z.string({ error: "The reset grant is missing" }).min(16).max(128),
    password: newPasswordField,
    password_confirmation: z.string({ error: "Confirm Password is required" }).max(128),
  })
  .refine(matching, { message: "Passwords must match", path: ["password_confirmation"] });

export const changePasswordBody = z
  .object({
    current_password: existingPasswordField,
    password: newPasswordField,
    password_confirmation: z.string({ error: "Confirm Password is required" }).max(128),
  })
  .refine(matching, { message: "Passwords must match", path: ["password_confirmation"] });

export const deleteAccountBody = z.object({ password: existingPasswordField });

/** 0 none or expired, 1 paid and active, 2 in the free trial. */
export const SUBSCRIPTION_STATUS = { none: 0, paid: 1, trial: 2 } as const;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  organization_name: z.string(),
  subscription_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  plan: z.string().nullable(),
  trial_ends_at: z.string(),
  subscription_expires_at: z.string().nullable(),
  /** Tools stay closed (409 `email_unverified`) until the address is verified or a plan is paid. */
  email_verified: z.boolean(),
});

export type User = z.infer<typeof userSchema>;

export const signinResponse = z.object({ message: z.string(), token: z.string(), data: userSchema });
export const userResponse = z.object({ message: z.string().optional(), data: userSchema });
export const messageResponse = z.object({ message: z.string() });
export const verifyOtpResponse = z.object({ message: z.string(), data: z.object({ user_id: z.string() }) });
