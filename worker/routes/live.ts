import { Hono } from "hono";
import { RELAY_SESSION_HEADER, type RelaySession } from "../../durable/transcription-relay.ts";
import type { AppEnv } from "../app-env.ts";
import { assertActivePlan } from "../auth/require-plan.ts";
import { requireUser } from "../auth/sessions.ts";
import { passGate, withinAllowance } from "../auth/tool-gate.ts";
import type { UserRow } from "../auth/users.ts";
import { LIVE_TICKET_TTL_SECONDS } from "../contracts/live.ts";
import { ApiError } from "../errors.ts";
import { newTicket, redeemTicket, storeTicket } from "../live/tickets.ts";
import { monthOf, quotaSeconds, secondsLeft, sessionUsage, usedSeconds } from "../live/usage.ts";

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

const invalidTicket = () =>
  new ApiError(401, "invalid_ticket", "The live transcription ticket is missing, used or expired.");

/**
 * Session, plan, allowance, this month's usage and the new ticket in one D1 batch. The ticket is
 * stored only within the allowance; one refused for the plan or the month is never handed out and
 * expires unused.
 */
live.post("/ticket", async (c) => {
  const ticket = await newTicket();
  const { user, results } = await passGate(c, "liveTicket", {
    with: (db, key) => [sessionUsage(db, key), ...storeTicket(db, key, ticket, withinAllowance("liveTicket"))],
  });
  const usage = results[0]?.results[0] as { seconds: number } | undefined;
  const left = secondsLeft(user.plan, usage?.seconds ?? 0);
  if (left !== null && left <= 0) throw quotaUsed();
  return c.json({ ticket: ticket.ticket, expires_in: LIVE_TICKET_TTL_SECONDS, seconds_left: left }, 201, {
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
  const redeemed = ticket ? await redeemTicket(c.env.DB, ticket, monthOf()) : null;
  const user = redeemed?.spent ? (redeemed.user as UserRow | undefined) : undefined;
  if (!user || !redeemed) throw invalidTicket();
  assertActivePlan(user);
  const left = secondsLeft(user.plan, redeemed.usedSeconds);
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
    userId: user.id,
    secondsLeft: left,
    origin: url.origin,
    extraQuery: extraQuery.toString(),
  };
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(
    new Request("https://relay/session", {
      headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(session) },
    }),
  );
  return new Response(null, { status: 101, webSocket: relayed.webSocket, headers: { "x-vox-session": sessionId } });
});
