import { type Context, Hono } from "hono";
import { requireUser, userForToken } from "../accounts/sessions.ts";
import { randomToken, sha256Hex } from "../accounts/tokens.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import { passGate, withinAllowance } from "../billing/tool-gate.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { requireRoute } from "../routing.ts";
import { roleAtLeast } from "../workspaces/contracts/workspaces.ts";
import { roleOf } from "../workspaces/store.ts";
import { invalidTicket, quotaUsed, sessionActive } from "./admission.ts";
import { liveResumeQuery, liveSessionParam, liveTicketBody } from "./contracts/live.ts";
import { DEFAULT_LIVE_ENCODING, LIVE_AUTH_PROTOCOL, LIVE_TICKET_TTL_SECONDS } from "./contracts/live-constants.ts";
import { handOver } from "./relay-handover.ts";
import { newTicket, storeTicket } from "./tickets.ts";
import { activeSessions, sessionOwner } from "./transcripts.ts";
import { monthOf, quotaSeconds, secondsLeft, sessionUsage, usedSeconds } from "./usage.ts";

/**
 * Live transcription: a ticket (bearer-authenticated), then the WebSocket upgrade that spends it
 * and hands the socket to a `TranscriptionRelay` Durable Object, one per session.
 */
export const live = new Hono<AppEnv>();

/** Emulator flags a test may pass through the relay; ignored unless SANDBOX=1. */
const SANDBOX_FLAGS = ["fail_status", "fail_close", "fail_after_ms", "fail_reason", "idle_ms"];

/**
 * `{language?, encoding?}`: a language no streaming provider serves is a 400 that says so, before
 * anything else; every served language takes either encoding (`liveAudioPath`, held by a test). Session, plan, allowance, this month's usage,
 * the running sessions and the new ticket in one D1 batch. The ticket is stored only within the allowance; one refused for the plan, the month or a
 * running session is never handed out and expires unused. `session_id` is the id of the caption
 * link waiting for this account's next session (null without one): the page opens the socket with
 * it, so the session takes that id.
 */
live.post(API.live.at.ticket, jsonBodyLimit, jsonBody(liveTicketBody), async (c) => {
  const body = c.req.valid("json");
  const { language } = requireRoute("live", body.language);
  const encoding = body.encoding ?? DEFAULT_LIVE_ENCODING;
  const ticket = { ...(await newTicket()), language, encoding };
  const { account: user, results } = await passGate(c, "live", {
    with: (db, key) => [
      sessionUsage(db, key),
      activeSessions(db, key),
      ...storeTicket(db, key, ticket, withinAllowance(key, "live")),
    ],
  });
  const usage = results[0]?.results[0] as { seconds: number } | undefined;
  const running = results[1]?.results[0] as { n: number } | undefined;
  const left = secondsLeft(user.plan, usage?.seconds ?? 0);
  if (left !== null && left <= 0) throw quotaUsed();
  if ((running?.n ?? 0) >= planLimits(user.plan).liveSessions) throw sessionActive();
  const stored = results[3]?.results[0] as { session_id: string | null } | undefined;
  return c.json(
    {
      ticket: ticket.ticket,
      expires_in: LIVE_TICKET_TTL_SECONDS,
      seconds_left: left,
      session_id: stored?.session_id ?? null,
    },
    201,
    { "cache-control": "no-store" },
  );
});

live.get(API.live.at.usage, requireUser, async (c) => {
  return c.json({
    used_seconds: Math.round(await usedSeconds(c.env.DB, c.var.account.id)),
    quota_seconds: quotaSeconds(c.var.account.plan),
    month: monthOf(),
  });
});

live.get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "Open this address as a WebSocket.");
  }
  if (c.req.query("resume") !== undefined) return resume(c);
  const ticket = c.req.query("ticket");
  if (!ticket) throw invalidTicket();

  const url = new URL(c.req.url);
  const extraQuery = new URLSearchParams();
  if (c.var.config.sandbox) {
    for (const flag of SANDBOX_FLAGS) {
      const value = url.searchParams.get(flag);
      if (value !== null) extraQuery.set(flag, value);
    }
  }
  // A ticket that answered a reserved id (a caption link made before recording) opens that session.
  const reserved = c.req.query("session");
  if (reserved !== undefined && !liveSessionParam.shape.session_id.safeParse(reserved).success) {
    throw new ApiError(400, "validation_failed", "session: not a live session id.");
  }
  const sessionId = reserved ?? crypto.randomUUID();
  // The relay spends the ticket itself: one trip to the object instead of D1 first, then the object.
  const relayed = await handOver(c, sessionId, {
    kind: "open",
    ticket,
    sessionId,
    reserved: reserved !== undefined,
    resumeToken: `${sessionId}.${randomToken()}`,
    origin: url.origin,
    extraQuery: extraQuery.toString(),
  });
  return new Response(null, { status: 101, webSocket: relayed, headers: { "x-vox-session": sessionId } });
});

/**
 * Reattaches a page to its session after a drop. Only the owner may: the bearer token comes as
 * the WebSocket subprotocol pair, and the resume token must be the session's own.
 */
async function resume(c: Context<AppEnv>): Promise<Response> {
  const query = liveResumeQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "validation_failed", "The resume token or sequence number is malformed.");
  const [protocol, bearer] = (c.req.header("sec-websocket-protocol") ?? "").split(",").map((part) => part.trim());
  if (protocol !== LIVE_AUTH_PROTOCOL || !bearer) {
    throw new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");
  }
  const sessionId = query.data.resume.split(".")[0] as string;
  // Independent reads, side by side: who is asking, and whose session it is.
  const [signedIn, owner, resumeTokenHash] = await Promise.all([
    userForToken(c.env.DB, bearer),
    sessionOwner(c.env.DB, sessionId),
    sha256Hex(query.data.resume),
  ]);
  if (!signedIn) throw new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");
  // A session belongs to the workspace it was started in: its owner, or a member who may run one there.
  const mayResume =
    owner !== null &&
    (owner.userId === signedIn.user.id ||
      roleAtLeast((await roleOf(c.env.DB, owner.userId, signedIn.user.id)) ?? "viewer", "editor"));
  if (!owner || !mayResume || owner.resumeTokenHash !== resumeTokenHash) {
    throw new ApiError(404, "live_session_not_found", "That live transcription session does not exist.");
  }
  const relayed = await handOver(c, sessionId, {
    kind: "resume",
    resumeToken: query.data.resume,
    after: query.data.after,
    fresh: query.data.fresh === "1",
  });
  return new Response(null, {
    status: 101,
    webSocket: relayed,
    headers: { "x-vox-session": sessionId, "sec-websocket-protocol": LIVE_AUTH_PROTOCOL },
  });
}
