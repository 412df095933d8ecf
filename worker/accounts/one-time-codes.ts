import { OTP_LENGTH } from "./contracts/auth.ts";
import { isoIn, randomDigits, sha256Hex } from "./tokens.ts";

/**
 * Six-digit codes mailed for password recovery and for e-mail verification. Each code allows a few
 * guesses, and the account as a whole allows a few more per day across all its codes, so asking for
 * code after code never buys an attacker more guesses. A browser that signed in to the account before
 * (`device`, see `devices.ts`) has an allowance of its own instead, so strangers who use up the
 * account's cannot stop its owner from recovering or verifying from there.
 */

export type CodePurpose = "recovery" | "verify-email";

const CODE_TABLES: Record<CodePurpose, string> = {
  recovery: "password_reset_codes",
  "verify-email": "email_verification_codes",
};

const CODE_TTL_MS = 10 * 60 * 1000;
const GUESSES_PER_CODE = 5;
export const FAILED_GUESSES_PER_ACCOUNT = 10;
const FAILED_GUESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whose allowance a guess draws on: the browser's when it is known to the account, else the account's. */
type Guesser = string | null;

/**
 * Replaces any earlier code for the same purpose and answers the code to mail, except that a live
 * code a known browser asked for is not replaced by a stranger's request (null: nothing to mail),
 * so strangers cannot keep cancelling the code the owner is about to type.
 */
export async function issueCode(
  db: D1Database,
  purpose: CodePurpose,
  userId: string,
  device: Guesser,
): Promise<string | null> {
  const code = randomDigits(OTP_LENGTH);
  const table = CODE_TABLES[purpose];
  const stored = await db
    .prepare(
      `INSERT INTO ${table} (user_id, code_hash, attempts, expires_at, device) VALUES (?1, ?2, 0, ?3, ?4)
       ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0,
         expires_at = excluded.expires_at, device = excluded.device
       WHERE excluded.device IS NOT NULL OR ${table}.device IS NULL OR ${table}.expires_at <= ?5 OR ${table}.attempts >= ?6
       RETURNING user_id`,
    )
    .bind(
      userId,
      await sha256Hex(`${userId}:${code}`),
      isoIn(CODE_TTL_MS),
      device,
      new Date().toISOString(),
      GUESSES_PER_CODE,
    )
    .first<{ user_id: string }>();
  return stored ? code : null;
}

export type CodeCheck =
  | { readonly outcome: "accepted" }
  /** `lockedNow` is true for the guess that used up the account's allowance. */
  | { readonly outcome: "wrong"; readonly lockedNow: boolean; readonly lockedUntil: Date | null }
  | { readonly outcome: "locked"; readonly lockedUntil: Date };

async function lockedUntil(
  db: D1Database,
  purpose: CodePurpose,
  userId: string,
  device: Guesser,
  since: string,
): Promise<Date> {
  const oldest = await db
    .prepare(
      "SELECT MIN(failed_at) AS oldest FROM otp_failures WHERE user_id = ? AND purpose = ? AND device IS ? AND failed_at > ?",
    )
    .bind(userId, purpose, device, since)
    .first<string | null>("oldest");
  return new Date(Date.parse(oldest ?? new Date().toISOString()) + FAILED_GUESS_WINDOW_MS);
}

/**
 * Checks a guess and spends the code when it is right. The guess is first recorded as a failure in
 * one conditional statement, so parallel guesses cannot get past the account's allowance, and the
 * record is removed again only when the code turns out right.
 */
export async function checkCode(
  db: D1Database,
  purpose: CodePurpose,
  userId: string,
  code: string,
  device: Guesser,
): Promise<CodeCheck> {
  const now = new Date();
  const since = new Date(now.getTime() - FAILED_GUESS_WINDOW_MS).toISOString();
  const reserved = await db
    .prepare(
      `INSERT INTO otp_failures (user_id, purpose, failed_at, device)
       SELECT ?1, ?2, ?3, ?6
       WHERE (SELECT COUNT(*) FROM otp_failures WHERE user_id = ?1 AND purpose = ?2 AND device IS ?6 AND failed_at > ?4) < ?5
       RETURNING id`,
    )
    .bind(userId, purpose, now.toISOString(), since, FAILED_GUESSES_PER_ACCOUNT, device)
    .first<{ id: number }>();
  if (!reserved) return { outcome: "locked", lockedUntil: await lockedUntil(db, purpose, userId, device, since) };

  const table = CODE_TABLES[purpose];
  const attempt = await db
    .prepare(
      `UPDATE ${table} SET attempts = attempts + 1
       WHERE user_id = ? AND attempts < ? AND expires_at > ? AND (device IS NULL OR device IS ?) RETURNING code_hash`,
    )
    .bind(userId, GUESSES_PER_CODE, now.toISOString(), device)
    .first<{ code_hash: string }>();
  if (attempt && attempt.code_hash === (await sha256Hex(`${userId}:${code}`))) {
    await db.batch([
      db.prepare("DELETE FROM otp_failures WHERE id = ?").bind(reserved.id),
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).bind(userId),
    ]);
    return { outcome: "accepted" };
  }
  const lockedNow = (await failuresSince(db, purpose, userId, device, since)) >= FAILED_GUESSES_PER_ACCOUNT;
  return {
    outcome: "wrong",
    lockedNow,
    lockedUntil: lockedNow ? await lockedUntil(db, purpose, userId, device, since) : null,
  };
}

async function failuresSince(
  db: D1Database,
  purpose: CodePurpose,
  userId: string,
  device: Guesser,
  since: string,
): Promise<number> {
  const failures = await db
    .prepare(
      "SELECT COUNT(*) AS n FROM otp_failures WHERE user_id = ? AND purpose = ? AND device IS ? AND failed_at > ?",
    )
    .bind(userId, purpose, device, since)
    .first<number>("n");
  return failures ?? 0;
}

/** True while the guesser (the account, or a browser known to it) has used up its wrong guesses. */
export async function isLocked(
  db: D1Database,
  purpose: CodePurpose,
  userId: string,
  device: Guesser,
): Promise<boolean> {
  const since = new Date(Date.now() - FAILED_GUESS_WINDOW_MS).toISOString();
  return (await failuresSince(db, purpose, userId, device, since)) >= FAILED_GUESSES_PER_ACCOUNT;
}

/** The person's codes waiting and failed guesses, moved with them when they hand over their workspace. */
export function moveCodes(db: D1Database, from: string, to: string): D1PreparedStatement[] {
  return [
    db.prepare("UPDATE email_verification_codes SET user_id = ?2 WHERE user_id = ?1").bind(from, to),
    db.prepare("UPDATE password_reset_codes SET user_id = ?2 WHERE user_id = ?1").bind(from, to),
    db.prepare("UPDATE otp_failures SET user_id = ?2 WHERE user_id = ?1").bind(from, to),
  ];
}
