import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../errors.ts";
import { isoIn, randomToken, sha256Hex } from "./tokens.ts";
import type { UserRow } from "./users.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: D1Database, userId: string): Promise<string> {
  const token = randomToken();
  await db
    .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, new Date().toISOString(), isoIn(SESSION_TTL_MS))
    .run();
  return token;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{16,256})$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

const unauthorized = () => new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");

/** The user a session token belongs to, or null when it is unknown, revoked or expired. */
export async function userForToken(
  db: D1Database,
  token: string,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = await sha256Hex(token);
  // One query for session and user: this runs in front of every signed-in request.
  const user = await db
    .prepare(
      "SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ? AND sessions.expires_at > ?",
    )
    .bind(tokenHash, new Date().toISOString())
    .first<UserRow>();
  return user ? { user, tokenHash } : null;
}

/** Puts the signed-in user on `c.var.user`; 401 when the token is missing, unknown, revoked or expired. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const signedIn = token ? await userForToken(c.env.DB, token) : null;
  if (!signedIn) throw unauthorized();
  c.set("user", signedIn.user);
  c.set("sessionTokenHash", signedIn.tokenHash);
  await next();
});
