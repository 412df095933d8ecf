import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../auth/password.ts";
import { requireNigerianPhone } from "../auth/phone.ts";
import { createSession, requireUser } from "../auth/sessions.ts";
import { isoIn, randomDigits, randomToken, sha256Hex } from "../auth/tokens.ts";
import { findUserByEmail, publicUser, type UserRow } from "../auth/users.ts";
import {
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  OTP_LENGTH,
  registerBody,
  resetPasswordBody,
  signinBody,
  verifyOtpBody,
} from "../contracts/auth.ts";
import { TRIAL_DAYS } from "../contracts/plans.ts";
import { ApiError } from "../errors.ts";
import { deliverInBackground } from "../mailer.ts";
import { limitAction } from "../rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../validate.ts";

export const auth = new Hono<AppEnv>();

const DAY_MS = 24 * 60 * 60 * 1000;
const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
const RESET_GRANT_TTL_MS = 10 * 60 * 1000;

const FORGOT_MESSAGE =
  "If an account exists for that e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.";
const INVALID_OTP = new ApiError(400, "invalid_otp", "That code is wrong or has expired. Request a new one.");

auth.use("*", jsonBodyLimit);

auth.post("/register", jsonBody(registerBody), async (c) => {
  const body = c.req.valid("json");
  await limitAction(c, "register", body.email);
  const phone = requireNigerianPhone(body.phone_number, "phone_number");
  const now = Date.now();
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(body.password);
  const inserted = await c.env.DB.prepare(
    `INSERT INTO users (id, name, email, phone_number, organization_name, password_hash, trial_ends_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *`,
  )
    .bind(
      id,
      body.name,
      body.email,
      phone,
      body.organization_name,
      passwordHash,
      isoIn(TRIAL_DAYS * DAY_MS, now),
      new Date(now).toISOString(),
    )
    .first<UserRow>();
  if (!inserted) {
    throw new ApiError(409, "email_taken", "An account with this e-mail already exists. Log in instead.", {
      email: ["An account with this e-mail already exists"],
    });
  }
  return c.json({ message: "Signed up successfully. You can now log in.", data: publicUser(inserted) }, 201);
});

auth.post("/signin", jsonBody(signinBody), async (c) => {
  const { email, password } = c.req.valid("json");
  await limitAction(c, "signin", email);
  const user = await findUserByEmail(c.env.DB, email);
  // Unknown e-mails cost a full hash too, so timing does not tell which accounts exist.
  const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw new ApiError(401, "invalid_credentials", "Incorrect e-mail or password.");
  const token = await createSession(c.env.DB, user.id);
  return c.json({ message: "Logged in successfully.", token, data: publicUser(user) });
});

auth.get("/me", requireUser, (c) => c.json({ data: publicUser(c.var.user) }));

auth.post("/logout", requireUser, async (c) => {
  await c.env.DB.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(c.var.sessionTokenHash).run();
  return c.json({ message: "Logged out." });
});

auth.post("/forgot-password", jsonBody(forgotPasswordBody), async (c) => {
  const { email } = c.req.valid("json");
  await limitAction(c, "forgot", email);
  const user = await findUserByEmail(c.env.DB, email);
  if (user) {
    const code = randomDigits(OTP_LENGTH);
    await c.env.DB.prepare(
      `INSERT INTO password_reset_codes (user_id, code_hash, attempts, expires_at) VALUES (?, ?, 0, ?)
       ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at`,
    )
      .bind(user.id, await sha256Hex(`${user.id}:${code}`), isoIn(OTP_TTL_MS))
      .run();
    deliverInBackground(c, {
      to: user.email,
      subject: `${code} is your Vox password reset code`,
      text: `Hello ${user.name},\n\nYour Vox password reset code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask to reset your password, you can ignore this e-mail.`,
    });
  }
  return c.json({ message: FORGOT_MESSAGE });
});

auth.post("/verify-otp", jsonBody(verifyOtpBody), async (c) => {
  const { email, otp } = c.req.valid("json");
  await limitAction(c, "verify", email);
  const user = await findUserByEmail(c.env.DB, email);
  if (!user) throw INVALID_OTP;
  // Counting the attempt first and atomically means parallel guesses cannot exceed the limit.
  const attempt = await c.env.DB.prepare(
    `UPDATE password_reset_codes SET attempts = attempts + 1
     WHERE user_id = ? AND attempts < ? AND expires_at > ? RETURNING code_hash`,
  )
    .bind(user.id, OTP_MAX_ATTEMPTS, new Date().toISOString())
    .first<{ code_hash: string }>();
  if (!attempt || attempt.code_hash !== (await sha256Hex(`${user.id}:${otp}`))) throw INVALID_OTP;

  const grant = randomToken();
  await c.env.DB.batch([
    c.env.DB.prepare("DELETE FROM password_reset_codes WHERE user_id = ?").bind(user.id),
    c.env.DB.prepare("INSERT INTO password_reset_grants (grant_hash, user_id, expires_at) VALUES (?, ?, ?)").bind(
      await sha256Hex(grant),
      user.id,
      isoIn(RESET_GRANT_TTL_MS),
    ),
  ]);
  return c.json({ message: "Code verified. Choose a new password.", data: { user_id: grant } });
});

auth.post("/reset-password", jsonBody(resetPasswordBody), async (c) => {
  const { user_id: grant, password } = c.req.valid("json");
  const spent = await c.env.DB.prepare(
    "DELETE FROM password_reset_grants WHERE grant_hash = ? AND expires_at > ? RETURNING user_id",
  )
    .bind(await sha256Hex(grant), new Date().toISOString())
    .first<{ user_id: string }>();
  if (!spent) {
    throw new ApiError(
      400,
      "invalid_grant",
      "This reset has expired or was already used. Start again with Forgot Password.",
    );
  }
  const passwordHash = await hashPassword(password);
  await c.env.DB.batch([
    c.env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(passwordHash, spent.user_id),
    c.env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(spent.user_id),
  ]);
  return c.json({ message: "Password reset successfully. Log in with your new password." });
});

auth.post("/change-password", requireUser, jsonBody(changePasswordBody), async (c) => {
  const { current_password, password } = c.req.valid("json");
  if (!(await verifyPassword(current_password, c.var.user.password_hash))) {
    throw new ApiError(400, "wrong_password", "Your current password is not correct.", {
      current_password: ["Your current password is not correct"],
    });
  }
  const passwordHash = await hashPassword(password);
  // Other devices are signed out; this one stays signed in.
  await c.env.DB.batch([
    c.env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(passwordHash, c.var.user.id),
    c.env.DB.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash != ?").bind(
      c.var.user.id,
      c.var.sessionTokenHash,
    ),
  ]);
  return c.json({ message: "Password changed." });
});

auth.post("/delete-account", requireUser, jsonBody(deleteAccountBody), async (c) => {
  const { password } = c.req.valid("json");
  if (!(await verifyPassword(password, c.var.user.password_hash))) {
    throw new ApiError(400, "wrong_password", "That password is not correct.", {
      password: ["That password is not correct"],
    });
  }
  // Sessions, codes and grants go with the user (ON DELETE CASCADE).
  await c.env.DB.prepare("DELETE FROM users WHERE id = ?").bind(c.var.user.id).run();
  return c.json({ message: "Your account and its data have been deleted." });
});
