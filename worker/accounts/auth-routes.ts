import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { TRIAL_DAYS } from "../billing/contracts/plans.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { deliverInBackground } from "../core/mailer.ts";
import { forgetSigninAttempts, limitAccountChange, limitAction } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { endLiveSessions } from "../live/sign-out.ts";
import { ownerMembership } from "../workspaces/store.ts";
import {
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  signinBody,
  verifyEmailBody,
  verifyOtpBody,
} from "./contracts/auth.ts";
import { knownDevice, rememberDevice } from "./devices.ts";
import { eraseAccount } from "./erase-account.ts";
import {
  type CodeCheck,
  type CodePurpose,
  checkCode,
  FAILED_GUESSES_PER_ACCOUNT,
  isLocked,
  issueCode,
} from "./one-time-codes.ts";
import { checkNoOnesPassword, hashPassword, verifyPassword } from "./password.ts";
import { requireNigerianPhone } from "./phone.ts";
import { issueResetGrant, spendResetGrant } from "./reset-grants.ts";
import { createSession, deleteSession, deleteSessionsOf, requireUser } from "./sessions.ts";
import { revokeGrantsOf } from "./sign-out-grants.ts";
import { isoIn } from "./tokens.ts";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  publicUser,
  setPasswordHash,
  type UserRow,
} from "./users.ts";

export const auth = new Hono<AppEnv>();

const DAY_MS = 24 * 60 * 60 * 1000;

const FORGOT_MESSAGE =
  "If an account exists for that e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.";
const RESEND_MESSAGE =
  "If that address has an account waiting for verification, we have sent it a new 6-digit code. It is valid for 10 minutes.";
const REGISTER_MESSAGE =
  "Thanks for signing up. We have sent a message to that e-mail address: check your inbox, then log in.";
const INVALID_OTP = new ApiError(400, "invalid_otp", "That code is wrong or has expired. Request a new one.");

const LOCKED_CODES: Record<CodePurpose, { code: string; what: string }> = {
  recovery: { code: "recovery_locked", what: "Password recovery" },
  "verify-email": { code: "verification_locked", what: "E-mail verification" },
};

function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function lockedError(purpose: CodePurpose, until: Date, device: string | null): ApiError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const { code, what } = LOCKED_CODES[purpose];
  const message = device
    ? `Too many wrong codes from this browser. ${what} is paused here until ${formatUtc(until)}.`
    : `Too many wrong codes for this account. ${what} is paused until ${formatUtc(until)}, except in a browser that has logged in to it before; the account owner has been told by e-mail.`;
  return new ApiError(429, code, message, undefined, { "Retry-After": String(retryAfter) });
}

/** Turns a failed check into its answer, telling the owner by e-mail when the guess locked the account. */
function refuseCode(
  c: Context<AppEnv>,
  user: UserRow,
  purpose: CodePurpose,
  check: Exclude<CodeCheck, { outcome: "accepted" }>,
  device: string | null,
) {
  if (check.outcome === "locked") return lockedError(purpose, check.lockedUntil, device);
  if (!check.lockedNow || !check.lockedUntil) return INVALID_OTP;
  // The owner's own browser used up its allowance: nothing a stranger did to tell them about.
  if (device) return lockedError(purpose, check.lockedUntil, device);
  const { what } = LOCKED_CODES[purpose];
  deliverInBackground(c, {
    to: user.email,
    subject: `${what} for your Vox account is paused`,
    text: `Hello ${user.name},\n\nSomeone entered ${FAILED_GUESSES_PER_ACCOUNT} wrong codes for your Vox account in the last 24 hours, so ${what.toLowerCase()} is paused until ${formatUtc(check.lockedUntil)}. Your password has not changed and you can still log in with it. In a browser where you have logged in to Vox before, ${what.toLowerCase()} still works.\n\nIf this was not you, you do not need to do anything; nobody got into your account.`,
  });
  return lockedError(purpose, check.lockedUntil, null);
}

function mailVerificationCode(c: Context<AppEnv>, user: UserRow, code: string): void {
  deliverInBackground(c, {
    to: user.email,
    subject: `${code} is your Vox e-mail verification code`,
    text: `Hello ${user.name},\n\nWelcome to Vox. Your e-mail verification code is ${code}. It is valid for 10 minutes. Enter it on any tool page to start your free ${TRIAL_DAYS}-day trial.\n\nIf you did not sign up for Vox, you can ignore this e-mail.`,
  });
}

auth.use("*", jsonBodyLimit);

auth.post(API.auth.at.register, jsonBody(registerBody), async (c) => {
  const body = c.req.valid("json");
  await limitAction(c, "register", body.email);
  const phone = requireNigerianPhone(body.phone_number, "phone_number");
  const now = Date.now();
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(body.password, c.var.config.passwordHash);
  const createdAt = new Date(now).toISOString();
  const inserted = await insertUser(
    c.env.DB,
    {
      id,
      name: body.name,
      email: body.email,
      phone_number: phone,
      organization_name: body.organization_name,
      password_hash: passwordHash,
      trial_ends_at: isoIn(TRIAL_DAYS * DAY_MS, now),
      created_at: createdAt,
    },
    [ownerMembership(c.env.DB, id, createdAt)],
  );
  if (inserted) {
    const code = await issueCode(c.env.DB, "verify-email", inserted.id, null);
    if (code) mailVerificationCode(c, inserted, code);
    return c.json({ message: REGISTER_MESSAGE, data: publicUser(inserted) }, 201);
  }
  // The address has an account. Answering otherwise would tell anyone which addresses do, so the
  // answer is the one a new account gets, built from what was sent, and only the owner learns more.
  const owner = await findUserByEmail(c.env.DB, body.email);
  if (owner) {
    deliverInBackground(c, {
      to: owner.email,
      subject: "Someone tried to create a Vox account with your address",
      text: `Hello ${owner.name},\n\nSomeone just tried to create a new Vox account with this e-mail address, which already has one. Nothing about your account has changed.\n\nIf it was you, log in or reset your password: the login window has a Forgot Password link. If it was not you, you can ignore this e-mail.`,
    });
  }
  const unsaved = {
    id,
    name: body.name,
    email: body.email,
    phone_number: phone,
    organization_name: body.organization_name,
    password_hash: "",
    trial_ends_at: isoIn(TRIAL_DAYS * DAY_MS, now),
    created_at: new Date(now).toISOString(),
    plan: null,
    subscription_expires_at: null,
    email_verified_at: null,
  };
  return c.json({ message: REGISTER_MESSAGE, data: publicUser(unsaved) }, 201);
});

auth.post(API.auth.at.signin, jsonBody(signinBody), async (c) => {
  const { email, password } = c.req.valid("json");
  const user = await findUserByEmail(c.env.DB, email);
  const device = user ? await knownDevice(c, user.id) : null;
  await limitAction(c, "signin", email, device);
  // Unknown e-mails take as long as a real check, so timing does not tell which accounts exist.
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await checkNoOnesPassword(password, c.var.config.passwordHash);
  if (!user || !valid) throw new ApiError(401, "invalid_credentials", "Incorrect e-mail or password.");
  await rememberDevice(c, user.id, device);
  const token = await createSession(c.env.DB, user.id);
  return c.json({ message: "Logged in successfully.", token, data: publicUser(user) });
});

auth.get(API.auth.at.me, requireUser, (c) => c.json({ data: publicUser(c.var.user) }));

auth.post(API.auth.at.logout, requireUser, async (c) => {
  await deleteSession(c.env.DB, c.var.sessionTokenHash);
  await endLiveSessions(c.env, { signIn: c.var.sessionTokenHash });
  return c.json({ message: "Logged out." });
});

auth.post(API.auth.at.forgotPassword, jsonBody(forgotPasswordBody), async (c) => {
  const { email } = c.req.valid("json");
  const user = await findUserByEmail(c.env.DB, email);
  const device = user ? await knownDevice(c, user.id) : null;
  await limitAction(c, "forgot", email, device);
  // A locked account gets no new codes: they could not be used, and the answer stays the same.
  // A stranger's request may also leave the owner's code in place; the answer is the same again.
  const code =
    user && !(await isLocked(c.env.DB, "recovery", user.id, device))
      ? await issueCode(c.env.DB, "recovery", user.id, device)
      : null;
  if (user && code) {
    deliverInBackground(c, {
      to: user.email,
      subject: `${code} is your Vox password reset code`,
      text: `Hello ${user.name},\n\nYour Vox password reset code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask to reset your password, you can ignore this e-mail.`,
    });
  }
  return c.json({ message: FORGOT_MESSAGE });
});

auth.post(API.auth.at.verifyOtp, jsonBody(verifyOtpBody), async (c) => {
  const { email, otp } = c.req.valid("json");
  const user = await findUserByEmail(c.env.DB, email);
  const device = user ? await knownDevice(c, user.id) : null;
  await limitAction(c, "verify", email, device);
  if (!user) throw INVALID_OTP;
  const check = await checkCode(c.env.DB, "recovery", user.id, otp, device);
  if (check.outcome !== "accepted") throw refuseCode(c, user, "recovery", check, device);

  const grant = await issueResetGrant(c.env.DB, user.id);
  return c.json({ message: "Code verified. Choose a new password.", data: { user_id: grant } });
});

auth.post(API.auth.at.verifyEmail, jsonBody(verifyEmailBody), async (c) => {
  const { email, code } = c.req.valid("json");
  const user = await findUserByEmail(c.env.DB, email);
  const device = user ? await knownDevice(c, user.id) : null;
  await limitAction(c, "verifyEmail", email, device);
  if (!user) throw INVALID_OTP;
  if (user.email_verified_at) return c.json({ message: "Your e-mail is already verified." });
  const check = await checkCode(c.env.DB, "verify-email", user.id, code, device);
  if (check.outcome !== "accepted") throw refuseCode(c, user, "verify-email", check, device);
  // The trial starts now: the days before the address was proven did not count.
  const now = Date.now();
  await markEmailVerified(c.env.DB, user.id, new Date(now).toISOString(), isoIn(TRIAL_DAYS * DAY_MS, now));
  return c.json({ message: "E-mail verified. Your free trial has started." });
});

auth.post(API.auth.at.resendVerification, jsonBody(resendVerificationBody), async (c) => {
  const { email } = c.req.valid("json");
  const user = await findUserByEmail(c.env.DB, email);
  const device = user ? await knownDevice(c, user.id) : null;
  await limitAction(c, "resendVerification", email, device);
  if (user && !user.email_verified_at && !(await isLocked(c.env.DB, "verify-email", user.id, device))) {
    const code = await issueCode(c.env.DB, "verify-email", user.id, device);
    if (code) mailVerificationCode(c, user, code);
  }
  return c.json({ message: RESEND_MESSAGE });
});

auth.post(API.auth.at.resetPassword, jsonBody(resetPasswordBody), async (c) => {
  const { user_id: grant, password } = c.req.valid("json");
  const userId = await spendResetGrant(c.env.DB, grant);
  if (!userId) {
    throw new ApiError(
      400,
      "invalid_grant",
      "This reset has expired or was already used. Start again with Forgot Password.",
    );
  }
  const passwordHash = await hashPassword(password, c.var.config.passwordHash);
  await c.env.DB.batch([
    setPasswordHash(c.env.DB, userId, passwordHash),
    deleteSessionsOf(c.env.DB, userId),
    ...revokeGrantsOf(c.env.DB, userId),
  ]);
  await endLiveSessions(c.env, { userId });
  const user = await findUserById(c.env.DB, userId);
  if (user) await forgetSigninAttempts(c.env, user.email, await knownDevice(c, userId));
  return c.json({ message: "Password reset successfully. Log in with your new password." });
});

auth.post(API.auth.at.changePassword, requireUser, jsonBody(changePasswordBody), async (c) => {
  const { current_password, password } = c.req.valid("json");
  await limitAccountChange(c, "changePassword");
  if (!(await verifyPassword(current_password, c.var.user.password_hash))) {
    throw new ApiError(400, "wrong_password", "Your current password is not correct.", {
      current_password: ["Your current password is not correct"],
    });
  }
  const passwordHash = await hashPassword(password, c.var.config.passwordHash);
  // Other devices are signed out; this one stays signed in. Every link the account was handed is
  // revoked, this device's too: its links name no sign-in, and a page asks for new ones anyway.
  await c.env.DB.batch([
    setPasswordHash(c.env.DB, c.var.user.id, passwordHash),
    deleteSessionsOf(c.env.DB, c.var.user.id, c.var.sessionTokenHash),
    ...revokeGrantsOf(c.env.DB, c.var.user.id),
  ]);
  await endLiveSessions(c.env, { userId: c.var.user.id, keep: c.var.sessionTokenHash });
  return c.json({ message: "Password changed." });
});

auth.post(API.auth.at.deleteAccount, requireUser, jsonBody(deleteAccountBody), async (c) => {
  const { password } = c.req.valid("json");
  await limitAccountChange(c, "deleteAccount");
  if (!(await verifyPassword(password, c.var.user.password_hash))) {
    throw new ApiError(400, "wrong_password", "That password is not correct.", {
      password: ["That password is not correct"],
    });
  }
  await eraseAccount(c, c.var.user.id);
  return c.json({ message: "Your account and its data have been deleted." });
});
