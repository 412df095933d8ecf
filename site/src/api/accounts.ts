import type {
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  signinBody,
  verifyEmailBody,
  verifyOtpBody,
} from "@worker/accounts/contracts/auth.ts";
import type { contactRequestBody } from "@worker/contact/contracts/contact.ts";
import type { z } from "zod";
import { apiRequest, messageResponse, schemaOf } from "./client.ts";

/** Typed calls for the account and contact endpoints. */

const auth = () => import("@worker/accounts/contracts/auth.ts");
const userResponse = schemaOf(auth, "userResponse");

export const register = (body: z.input<typeof registerBody>) =>
  apiRequest("/auth/register", { body, schema: userResponse });

export const signin = (body: z.input<typeof signinBody>) =>
  apiRequest("/auth/signin", { body, schema: schemaOf(auth, "signinResponse"), isLogin: true });

export const fetchMe = () => apiRequest("/auth/me", { schema: userResponse });

export const logout = (token: string) => apiRequest("/auth/logout", { body: {}, schema: messageResponse, token });

export const forgotPassword = (body: z.input<typeof forgotPasswordBody>) =>
  apiRequest("/auth/forgot-password", { body, schema: messageResponse });

export const verifyOtp = (body: z.input<typeof verifyOtpBody>) =>
  apiRequest("/auth/verify-otp", { body, schema: schemaOf(auth, "verifyOtpResponse") });

export const verifyEmail = (body: z.input<typeof verifyEmailBody>) =>
  apiRequest("/auth/verify-email", { body, schema: messageResponse });

export const resendVerification = (body: z.input<typeof resendVerificationBody>) =>
  apiRequest("/auth/resend-verification", { body, schema: messageResponse });

export const resetPassword = (body: z.input<typeof resetPasswordBody>) =>
  apiRequest("/auth/reset-password", { body, schema: messageResponse });

export const changePassword = (body: z.input<typeof changePasswordBody>) =>
  apiRequest("/auth/change-password", { body, schema: messageResponse });

export const deleteAccount = (body: z.input<typeof deleteAccountBody>) =>
  apiRequest("/auth/delete-account", { body, schema: messageResponse });

export const submitContactRequest = (body: z.input<typeof contactRequestBody>) =>
  apiRequest("/api", { body, schema: messageResponse });
