import { Hono } from "hono";
import { RELAY_SESSION_HEADER, type RelaySession } from "../../durable/transcription-relay.ts";
import type { AppEnv } from "../app-env.ts";
import { assertActivePlan, requireActivePlan } from "../auth/require-plan.ts";
import { requireUser } from "../auth/sessions.ts";
import { findUserById } from "../auth/users.ts";
import { LIVE_TICKET_TTL_SECONDS } from "../contracts/live.ts";
import { ApiError } from "../errors.ts";
import { issueTicket, redeemTicket } from "../live/tickets.ts";
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

/** Emulator flags a test may pass through the relay; ignored unless SANDBOX=1. */
const SANDBOX_FLAGS = ["fail_status", "fail_close", "fail_after_ms", "fail_reason", "idle_ms"];

live.post("/ticket", requireActivePlan, async (c) => {
  await limitTool(c, "liveTicket");
  const left = await secondsLeft(c.env.DB, c.var.user.id, c.var.user.plan);
  if (left !== null && left <= 0) throw quotaUsed();
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
  const session: RelaySession = {
    sessionId,
    userId: user.id,
    secondsLeft: left,
    origin: url.origin,
    extraQuery: extraQuery.toString(),
  };
  await c.env.DB.prepare("INSERT INTO live_sessions (id, user_id, started_at) VALUES (?, ?, ?)")
    .bind(sessionId, user.id, new Date().toISOString())
    .run();
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(
    new Request("https://relay/session", {
      headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(session) },
    }),
  );
  return new Response(null, { status: 101, webSocket: relayed.webSocket, headers: { "x-vox-session": sessionId } });
});
