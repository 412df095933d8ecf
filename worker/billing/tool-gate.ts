import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { readSession, type SessionKey, sessionAccountId, sessionKey } from "../accounts/sessions.ts";
import type { UserRow } from "../accounts/users.ts";
import type { AppEnv } from "../app-env.ts";
import { tooManyAttempts } from "../core/errors.ts";
import { TOOL_RATE_LIMITS } from "../core/rate-limit.ts";
import { assertActivePlan } from "./require-plan.ts";

/**
 * The gate in front of signed-in work, in one D1 batch: the session and its user, then (for a paid
 * tool) one call counted against the user's allowance, then whatever the route reads or writes for
 * that user. One round trip to the primary instead of one per check; the primary, not a replica,
 * so a revoked session is refused by the very next request.
 *
 * An allowance is counted only for a request that passed validation, the gate and the ownership
 * check. The batch counts before the route has read its body or looked up what it names, so that
 * a request that goes through costs one round trip; a request refused after the count gets its
 * call back (`giveBackRefusedCalls`, around every route) before its answer goes out.
 */

export type Tool = keyof typeof TOOL_RATE_LIMITS;

interface GateOptions {
  /** The caller's session key, when the route needed it before the gate. */
  readonly key?: SessionKey;
  /** A SQL condition (its one parameter bound to `?7`) under which the call is free, e.g. a cached answer. */
  readonly freeWhen?: { readonly sql: string; readonly param: string };
  /** Statements that ride in the batch after the checks; `sessionAccountId(key)` gives them the workspace. */
  readonly with?: (db: D1Database, key: SessionKey) => D1PreparedStatement[];
}

interface Passed {
  /** The signed-in person. */
  readonly user: UserRow;
  /** The workspace the request acts in: whose plan and allowance it uses. */
  readonly account: UserRow;
  /** Whether this call used one of the allowance (false when it was free). */
  readonly counted: boolean;
  /** The results of `with`, in order. */
  readonly results: D1Result[];
}

interface Allowance {
  readonly count: number;
  readonly window_started_at: number;
}

/**
 * Counts one call in a fixed window that opens with the user's first call. A call past the limit
 * leaves the count at limit + 1, which is how the result says "refused".
 */
function countCall(
  db: D1Database,
  key: SessionKey,
  tool: Tool,
  freeWhen: GateOptions["freeWhen"],
): D1PreparedStatement {
  const rule = TOOL_RATE_LIMITS[tool];
  const now = Date.now();
  const statement = db.prepare(
    `INSERT INTO tool_usage (user_id, tool, window_started_at, count)
     SELECT user_id, ?3, ?4, 1 FROM (SELECT ${sessionAccountId(key)} AS user_id) WHERE user_id IS NOT NULL
       ${freeWhen ? `AND NOT (${freeWhen.sql})` : ""}
     ON CONFLICT (user_id, tool) DO UPDATE SET
       count = CASE WHEN window_started_at <= ?5 THEN 1 WHEN count <= ?6 THEN count + 1 ELSE count END,
       window_started_at = CASE WHEN window_started_at <= ?5 THEN ?4 ELSE window_started_at END
     RETURNING count, window_started_at`,
  );
  const params = [key.tokenHash, key.now, tool, now, now - rule.windowSeconds * 1000, rule.limit];
  return freeWhen ? statement.bind(...params, freeWhen.param) : statement.bind(...params);
}

/** SQL true when the workspace's last counted call of `tool` was allowed (binds `?1`, `?2`). */
export function withinAllowance(key: SessionKey, tool: Tool): string {
  return `(SELECT count FROM tool_usage WHERE user_id = ${sessionAccountId(key)} AND tool = '${tool}') <= ${TOOL_RATE_LIMITS[tool].limit}`;
}

/**
 * 401 without a live session; for a tool, 402 without an active plan and 429 past the allowance
 * (with Retry-After). Puts the user on `c.var` like `requireUser`.
 */
export async function passGate(c: Context<AppEnv>, tool: Tool | null, options: GateOptions = {}): Promise<Passed> {
  const key = options.key ?? (await sessionKey(c));
  const db = c.env.DB;
  const statements: D1PreparedStatement[] = [];
  if (tool) statements.push(countCall(db, key, tool, options.freeWhen));
  statements.push(...(options.with?.(db, key) ?? []));
  const rest = await readSession(c, key, statements);
  const user = c.var.user;
  const account = c.var.account;
  if (!tool) return { user, account, counted: false, results: rest };
  const allowance = rest.shift()?.results[0] as Allowance | undefined;
  const rule = TOOL_RATE_LIMITS[tool];
  if (allowance && allowance.count <= rule.limit) {
    c.set("heldCall", { tool, windowStartedAt: allowance.window_started_at });
  }
  assertActivePlan(account);
  if (allowance && allowance.count > rule.limit) {
    const windowEnds = allowance.window_started_at + rule.windowSeconds * 1000;
    throw tooManyAttempts(Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)));
  }
  return { user, account, counted: allowance !== undefined, results: rest };
}

/**
 * Answers that refuse the request itself: bad input (400, 413, 415), no plan or quota (402), not
 * found or not the caller's (404), a role below the route's (403), a state that stops it (409). Not 422, which is what a
 * provider's refusal of a file becomes once the provider has been called, nor 429 or a 5xx.
 */
const REFUSALS: ReadonlySet<number> = new Set([400, 402, 403, 404, 409, 413, 415]);

/**
 * Around every route: a request the gate counted and that was then refused gives its call back, in
 * the window it was counted in, before the refusal is answered. Refusals therefore cost nothing,
 * while concurrent ones hold a call each only for as long as they take to refuse.
 */
export const giveBackRefusedCalls = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const held = c.var.heldCall;
  if (!held || !c.error || !REFUSALS.has(c.res.status)) return;
  await c.env.DB.prepare(
    "UPDATE tool_usage SET count = count - 1 WHERE user_id = ? AND tool = ? AND window_started_at = ? AND count > 0",
  )
    .bind(c.var.account.id, held.tool, held.windowStartedAt)
    .run();
});

/** `passGate` for a tool route that needs nothing else from the batch. */
export const requireTool = (tool: Tool) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await passGate(c, tool);
    await next();
  });
