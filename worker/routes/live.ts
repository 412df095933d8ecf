import { type Context, Hono } from "hono";
import { RELAY_SESSION_HEADER, type RelayRequest } from "../../durable/transcription-relay.ts";
import type { AppEnv } from "../app-env.ts";
import { assertActivePlan, requireActivePlan } from "../auth/require-plan.ts";
import { requireUser, userForToken } from "../auth/sessions.ts";
import { randomToken, sha256Hex } from "../auth/tokens.ts";
import { findUserById } from "../auth/users.ts";
import { LIVE_AUTH_PROTOCOL, LIVE_TICKET_TTL_SECONDS, liveResumeQuery } from "../contracts/live.ts";
import { planLimits } from "../contracts/plans.ts";
import { ApiError } from "../errors.ts";
import { issueTicket, redeemTicket } from "../live/tickets.ts";
import { activeSessionCount, sessionOwner, startSession } from "../live/transcripts.ts";
import { monthOf, quotaSeconds, secondsLeft, usedSeconds } from "../live/usage.ts";
import { limitTool } from "../rate-limit.ts";

/**
 * Live transcription: a ticket (bearer-authenticated), then the WebSocket upgrade that spends it
 * and hands the socket to a `TranscriptionRelay` Durable Object, one per session.
 */
export const live = new Hono<AppEnv>();

const quotaUsed = () =>
  new ApiError(
    402,
    "live_quota_exceeded",
    "Your live transcription time for this month is used up. Upgrade your plan for more.",
  );

const sessionActive = () =>
  new ApiError(
    409,
    "live_session_active",
    "A live transcription is already running for your account. Stop it, or wait for it to end, then start again.",
  );

/** Emulator flags a test may pass through the relay; ignored unless SANDBOX=1. */
const SANDBOX_FLAGS = ["fail_status", "fail_close", "fail_after_ms", "fail_reason", "idle_ms"];

live.post("/ticket", requireActivePlan, async (c) => {
  await limitTool(c, "liveTicket");
  const left = await secondsLeft(c.env.DB, c.var.user.id, c.var.user.plan);
  if (left !== null && left <= 0) throw quotaUsed();
  if ((await activeSessionCount(c.env.DB, c.var.user.id)) >= planLimits(c.var.user.plan).liveSessions) {
    throw sessionActive();
  }
  const ticket = await issueTicket(c.env.DB, c.var.user.id);
  return c.json({ ticket, expires_in: LIVE_TICKET_TTL_SECONDS, seconds_left: left }, 201, {
    "cache-control": "no-store",
  });
});

live.get("/usage", requireUser, async (c) => {
  return c.json({
    used_seconds: Math.round(await usedSeconds(c.env.DB, c.var.user.id)),
    quota_seconds: quotaSeconds(c.var.user.plan),
    month: monthOf(),
  });
});

live.get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "Open this address as a WebSocket.");
  }
  if (c.req.query("resume") !== undefined) return resume(c);
  const ticket = c.req.query("ticket");
  const userId = ticket ? await redeemTicket(c.env.DB, ticket) : null;
  if (!userId) throw new ApiError(401, "invalid_ticket", "The live transcription ticket is missing, used or expired.");
  const user = await findUserById(c.env.DB, userId);
  if (!user) throw new ApiError(401, "invalid_ticket", "The live transcription ticket is missing, used or expired.");
  assertActivePlan(user);
  const left = await secondsLeft(c.env.DB, user.id, user.plan);
  if (left !== null && left <= 0) throw quotaUsed();

  const url = new URL(c.req.url);
  const extraQuery = new URLSearchParams();
  if (c.var.config.sandbox) {
    for (const flag of SANDBOX_FLAGS) {
      const value = url.searchParams.get(flag);
      if (value !== null) extraQuery.set(flag, value);
    }
  }
  const sessionId = crypto.randomUUID();
  const resumeToken = `${sessionId}.${randomToken()}`;
  const started = await startSession(c.env.DB, {
    id: sessionId,
    userId: user.id,
    resumeTokenHash: await sha256Hex(resumeToken),
    maxActive: planLimits(user.plan).liveSessions,
  });
  if (!started) throw sessionActive();
  const relayed = await handOver(c, sessionId, {
    kind: "open",
    sessionId,
    resumeToken,
    userId: user.id,
    plan: user.plan,
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
  const signedIn = protocol === LIVE_AUTH_PROTOCOL && bearer ? await userForToken(c.env.DB, bearer) : null;
  if (!signedIn) throw new ApiError(401, "unauthorized", "Your session has ended. Please log in again.");
  const sessionId = query.data.resume.split(".")[0] as string;
  const owner = await sessionOwner(c.env.DB, sessionId);
  if (!owner || owner.userId !== signedIn.user.id || owner.resumeTokenHash !== (await sha256Hex(query.data.resume))) {
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

async function handOver(c: Context<AppEnv>, sessionId: string, handover: RelayRequest): Promise<WebSocket | null> {
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(
    new Request("https://relay/session", {
      headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(handover) },
    }),
  );
  return relayed.webSocket;
}
