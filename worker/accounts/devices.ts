import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { isoIn, randomToken, sha256Hex } from "./tokens.ts";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account gets an HttpOnly cookie naming that account. Presented with a sign-in,
 * recovery or verification for the same account, it exempts the browser from the account's
 * lockout, which strangers can run into on purpose, while the browser keeps limits of its own. The
 * cookie is `<user id>.<random token>` and only the token's hash is stored, so it cannot be forged
 * or moved to another account; the Worker holds no signing key, and a stored hash serves as well.
 */
const DEVICE_COOKIE = "vox_device";
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

function parse(value: string | undefined): { userId: string; token: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  return match?.[1] && match[2] ? { userId: match[1], token: match[2] } : null;
}

/** The key the request's browser is limited by, when it has signed in to this account before. */
export async function knownDevice(c: Context<AppEnv>, userId: string): Promise<string | null> {
  const cookie = parse(getCookie(c, DEVICE_COOKIE));
  if (!cookie || cookie.userId !== userId) return null;
  const tokenHash = await sha256Hex(cookie.token);
  const known = await c.env.DB.prepare(
    "SELECT 1 AS known FROM known_devices WHERE token_hash = ? AND user_id = ? AND expires_at > ?",
  )
    .bind(tokenHash, userId, new Date().toISOString())
    .first<number>("known");
  return known ? tokenHash : null;
}

/** An account's known browsers at most: one more forgets the oldest. */
export const KEPT_DEVICES = 50;

/** After a successful sign-in: a browser already known keeps its cookie, any other gets one. */
export async function rememberDevice(c: Context<AppEnv>, userId: string, known: string | null): Promise<void> {
  if (known) return;
  const token = randomToken();
  const db = c.env.DB;
  await db.batch([
    db
      .prepare("INSERT INTO known_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(await sha256Hex(token), userId, new Date().toISOString(), isoIn(DEVICE_TTL_MS)),
    db
      .prepare(
        `DELETE FROM known_devices WHERE user_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM known_devices WHERE user_id = ?1 ORDER BY created_at DESC, token_hash LIMIT ?2)`,
      )
      .bind(userId, KEPT_DEVICES),
  ]);
  setCookie(c, DEVICE_COOKIE, `${userId}.${token}`, {
    httpOnly: true,
    secure: new URL(c.req.url).protocol === "https:",
    sameSite: "Strict",
    path: API.auth.mount,
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/** Deletes up to `limit` browsers whose standing ended before `now`, which no longer count as known. */
export function deleteExpiredDevices(db: D1Database, now: string, limit: number): D1PreparedStatement {
  return db
    .prepare(
      "DELETE FROM known_devices WHERE token_hash IN (SELECT token_hash FROM known_devices WHERE expires_at <= ? LIMIT ?)",
    )
    .bind(now, limit);
}

/** A page of when each browser the account signed in from was first known and is forgotten, for the data export. */
export function knownDevicesOf(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<{ created_at: string; expires_at: string }> {
  return pagedStatement(
    db,
    "SELECT created_at, expires_at FROM known_devices WHERE user_id = ? ORDER BY created_at, token_hash",
    [userId],
    page,
  );
}

/** The devices the person signed in on, moved with them when they hand over their workspace. */
export function moveKnownDevices(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE known_devices SET user_id = ?2 WHERE user_id = ?1").bind(from, to);
}
