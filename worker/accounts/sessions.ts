import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { ApiError } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import { type Least, leastRoleFor } from "../workspaces/authorisation.ts";
import { ROLES, type Role, roleAtLeast, WORKSPACE_HEADER } from "../workspaces/contracts/workspaces.ts";
import { roleIn } from "../workspaces/store.ts";
import { isoIn, randomToken, sha256Hex } from "./tokens.ts";
import type { UserRow } from "./users.ts";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** An account's sessions at most: a sign-in past this ends the oldest. */
export const KEPT_SESSIONS = 50;

/**
 * A new session of the user, ending the oldest past `KEPT_SESSIONS` in the same batch. The token
 * starts with the account's id, so a route can start reading that account's storage while D1 checks
 * the session (`SessionKey.namedUserId`); the random part is what makes it a secret.
 */
export async function createSession(db: D1Database, userId: string): Promise<string> {
  const token = `${userId}.${randomToken()}`;
  await db.batch([
    db
      .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(await sha256Hex(token), userId, new Date().toISOString(), isoIn(SESSION_TTL_MS)),
    db
      .prepare(
        `DELETE FROM sessions WHERE user_id = ?1 AND token_hash NOT IN
           (SELECT token_hash FROM sessions WHERE user_id = ?1 ORDER BY created_at DESC, token_hash LIMIT ?2)`,
      )
      .bind(userId, KEPT_SESSIONS),
  ]);
  return token;
}

export async function deleteSession(db: D1Database, tokenHash: string): Promise<void> {
  await db.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(tokenHash).run();
}

/**
 * Deletes up to `limit` sessions that ended before `now`: an expired one answers 401 like an unknown
 * one, so keeping it only kept when someone signed in (the scheduled run calls this).
 */
export function deleteExpiredSessions(db: D1Database, now: string, limit: number): D1PreparedStatement {
  return db
    .prepare("DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at <= ? LIMIT ?)")
    .bind(now, limit);
}

/** Ends every session of the user but the one whose hash is `keep`, as a statement for the caller's batch. */
export function deleteSessionsOf(db: D1Database, userId: string, keep?: string): D1PreparedStatement {
  return keep === undefined
    ? db.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId)
    : db.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash != ?").bind(userId, keep);
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{16,256})$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

const unauthorized = () => new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");

/** What identifies the session in SQL: `?1` is the token's hash, `?2` the current time. */
export interface SessionKey {
  readonly tokenHash: string;
  readonly now: string;
  /**
   * The account the token names, unchecked until the session is read: anything may be written
   * there, so only a read compared with the session's user afterwards may use it. Absent from
   * tokens made before tokens named their account.
   */
  readonly namedUserId?: string;
  /** The workspace the request names (`x-vox-workspace`), as sent; absent for the person's own. */
  readonly workspaceId?: string;
  /** The least role the route needs (`workspaces/authorisation.ts`); null for a route the table does not name, which only the owner may use. */
  readonly least: Least | null;
}

const NAMED_ACCOUNT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./;

/** The caller's session key; 401 when there is no well-formed bearer token. */
export async function sessionKey(c: Context<AppEnv>): Promise<SessionKey> {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw unauthorized();
  return {
    tokenHash: await sha256Hex(token),
    now: new Date().toISOString(),
    namedUserId: NAMED_ACCOUNT.exec(token)?.[1],
    workspaceId: c.req.header(WORKSPACE_HEADER)?.trim() || undefined,
    least: leastRoleFor(c.req.method, c.req.path),
  };
}

/**
 * The signed-in user's id as a SQL expression (binds `?1` and `?2` of `SessionKey`), so a statement
 * can ride in the same D1 batch as the session check instead of waiting for it.
 */
const SESSION_USER_ID = "(SELECT user_id FROM sessions WHERE token_hash = ?1 AND expires_at > ?2)";

/**
 * The account a request acts on (the workspace, whose work, plan and allowances it uses) as a SQL
 * expression binding only `?1` and `?2` of `SessionKey`, so a statement in the session's batch
 * writes nothing for a person who is not a member with the route's least role: it is NULL then.
 * The header's id is checked to be an id before it is written into the SQL.
 */
export function sessionAccountId(key: SessionKey): string {
  if (key.workspaceId === undefined || key.least === "self") return SESSION_USER_ID;
  if (!UUID.test(key.workspaceId)) return "NULL";
  const least = key.least ?? "owner";
  const allowed = ROLES.filter((role) => roleAtLeast(role, least))
    .map((role) => `'${role}'`)
    .join(", ");
  return `(SELECT '${key.workspaceId}' WHERE ${roleIn(`'${key.workspaceId}'`, SESSION_USER_ID)} IN (${allowed}))`;
}

/**
 * True while sign-in `token` (a SQL expression: a bound parameter or a column) has not ended at
 * `now`, for a write that must not outlive the sign-in it stands for.
 */
export const signInLive = (token: string, now: string) =>
  `EXISTS (SELECT 1 FROM sessions WHERE token_hash = ${token} AND expires_at > ${now})`;

/** The person signed in with sign-in `token` (a SQL expression), as a SQL expression. */
export const personOfSignIn = (token: string) => `(SELECT user_id FROM sessions WHERE token_hash = ${token})`;

/** The sign-ins (session token hashes) of person `person` (a SQL expression), as a SQL list for `IN`. */
export const signInsOfPerson = (person: string) => `(SELECT token_hash FROM sessions WHERE user_id = ${person})`;

/** Session and user in one query, always on the primary, so a revoked session is refused at once. */
function sessionUser(db: D1Database, key: Pick<SessionKey, "tokenHash" | "now">): D1PreparedStatement {
  return db
    .prepare(
      "SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?1 AND sessions.expires_at > ?2",
    )
    .bind(key.tokenHash, key.now);
}

/** The workspace the request names and the person's role in it (NULL for none), as a row of its owner. */
function sessionAccount(db: D1Database, key: SessionKey): D1PreparedStatement {
  return db
    .prepare(`SELECT ${roleIn("?3", SESSION_USER_ID)} AS member_role, users.* FROM users WHERE users.id = ?3`)
    .bind(key.tokenHash, key.now, key.workspaceId ?? null);
}

/** What `sessionAccount` answers. */
type AccountRow = UserRow & { readonly member_role: Role | null };

/** The user a session token belongs to (a resumed live socket's), or null when unknown, revoked or expired. */
export async function userForToken(
  db: D1Database,
  token: string,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const key = { tokenHash: await sha256Hex(token), now: new Date().toISOString() };
  const user = await sessionUser(db, key).first<UserRow>();
  return user ? { user, tokenHash: key.tokenHash } : null;
}

/** Whether the request names a workspace other than the person's own, so `sessionAccount` must be read. */
const namesOtherWorkspace = (key: SessionKey) => key.workspaceId !== undefined && key.workspaceId !== key.namedUserId;

const noWorkspace = () =>
  new ApiError(404, "workspace_not_found", "That workspace does not exist, or you are not one of its members.");

/**
 * Puts the signed-in person on `c.var.user`, and the workspace the request acts in on
 * `c.var.account` with their role in it on `c.var.role`: 401 when the session is unknown, revoked
 * or expired; 404 when the request names a workspace the person is not a member of; 403 when their
 * role is below the least the route needs (`workspaces/authorisation.ts`). This is the one place a
 * role is checked.
 */
export function admit(
  c: Context<AppEnv>,
  key: SessionKey,
  user: UserRow | null | undefined,
  named?: AccountRow | null,
): UserRow {
  if (!user) throw unauthorized();
  c.set("user", user);
  c.set("sessionTokenHash", key.tokenHash);
  let account: UserRow = user;
  let role: Role = "owner";
  if (key.workspaceId !== undefined && key.workspaceId !== user.id) {
    if (!named?.member_role) throw noWorkspace();
    const { member_role, ...owner } = named;
    account = owner;
    role = member_role;
  }
  // A route the table does not name is the owner's alone (tests/worker/workspaces-roles.test.ts
  // fails for any mounted route missing from it).
  const least = key.least ?? "owner";
  if (least === "self") {
    account = user;
    role = "owner";
  } else if (!roleAtLeast(role, least)) {
    throw new ApiError(
      403,
      "role_forbidden",
      `This needs the ${least} role or above in this workspace; you are ${role === "admin" ? "an" : "a"} ${role}.`,
    );
  }
  c.set("account", account);
  c.set("role", role);
  return user;
}

/** Session, person and workspace in one batch (one round trip), then `admit`. */
export async function readSession(
  c: Context<AppEnv>,
  key: SessionKey,
  more: D1PreparedStatement[] = [],
): Promise<D1Result[]> {
  const db = c.env.DB;
  // The workspace's row only when the request names another's; one's own is the session's person.
  const workspace = namesOtherWorkspace(key) ? [sessionAccount(db, key)] : [];
  const [session, ...after] = await db.batch([sessionUser(db, key), ...workspace, ...more]);
  const user = session?.results[0] as UserRow | undefined;
  const named =
    workspace.length > 0 ? (after.shift()?.results[0] as AccountRow | undefined) : await movedFrom(c, key, user);
  admit(c, key, user, named);
  return after;
}

/**
 * A token signed in before its person handed over the workspace they signed up with names that
 * workspace, not the row they moved to (accounts/hand-over.ts); when such a token names it in the
 * header too, the workspace is read now, a second round trip for those tokens alone.
 */
async function movedFrom(c: Context<AppEnv>, key: SessionKey, user: UserRow | null | undefined) {
  if (!user || key.workspaceId === undefined || key.workspaceId === user.id) return null;
  return sessionAccount(c.env.DB, key).first<AccountRow>();
}

/** `admit` for every session-protected route; 401, 404 and 403 as it says. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const key = await sessionKey(c);
  if (namesOtherWorkspace(key)) await readSession(c, key);
  else {
    const user = await sessionUser(c.env.DB, key).first<UserRow>();
    admit(c, key, user, await movedFrom(c, key, user));
  }
  await next();
});

/** A page of when the user's sessions began and end, without their tokens' hashes, for the data export. */
export function signInsOf(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<{ created_at: string; expires_at: string }> {
  return pagedStatement(
    db,
    "SELECT created_at, expires_at FROM sessions WHERE user_id = ? ORDER BY created_at, token_hash",
    [userId],
    page,
  );
}

/** The person's sessions, moved with them to their new row when they hand over their workspace. */
export function moveSessions(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE sessions SET user_id = ?2 WHERE user_id = ?1").bind(from, to);
}
