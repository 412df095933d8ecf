import { API } from "@contracts/api-paths.ts";
import type * as authBodies from "@worker/accounts/contracts/auth.ts";
import type { z } from "zod";
import { apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** Typed calls for the account endpoints. */

const auth = () => import("@worker/accounts/contracts/auth.ts");
const userResponse = schemaOf(auth, "userResponse");

export const register = (body: z.input<typeof authBodies.registerBody>) =>
  apiRequest(API.auth.path.register, { body, schema: userResponse });

export const signin = (body: z.input<typeof authBodies.signinBody>) =>
  apiRequest(API.auth.path.signin, { body, schema: schemaOf(auth, "signinResponse"), isLogin: true });

export const fetchMe = () => apiRequest(API.auth.path.me, { schema: userResponse });

export const logout = (token: string) => apiRequest(API.auth.path.logout, { body: {}, schema: messageResponse, token });

export const forgotPassword = (body: z.input<typeof authBodies.forgotPasswordBody>) =>
  apiRequest(API.auth.path.forgotPassword, { body, schema: messageResponse });

export const verifyOtp = (body: z.input<typeof authBodies.verifyOtpBody>) =>
  apiRequest(API.auth.path.verifyOtp, { body, schema: schemaOf(auth, "verifyOtpResponse") });

export const verifyEmail = (body: z.input<typeof authBodies.verifyEmailBody>) =>
  apiRequest(API.auth.path.verifyEmail, { body, schema: messageResponse });

export const resendVerification = (body: z.input<typeof authBodies.resendVerificationBody>) =>
  apiRequest(API.auth.path.resendVerification, { body, schema: messageResponse });

export const resetPassword = (body: z.input<typeof authBodies.resetPasswordBody>) =>
  apiRequest(API.auth.path.resetPassword, { body, schema: messageResponse });

export const changePassword = (body: z.input<typeof authBodies.changePasswordBody>) =>
  apiRequest(API.auth.path.changePassword, { body, schema: messageResponse });

export const deleteAccount = (body: z.input<typeof authBodies.deleteAccountBody>) =>
  apiRequest(API.auth.path.deleteAccount, { body, schema: messageResponse });

export const updateProfile = (body: z.input<typeof authBodies.profileBody>) =>
  apiRequest(API.profile.path.profile, { method: "PATCH", body, schema: userResponse });
