import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RELAY_SESSION_HEADER, type RelayHandover } from "../../durable/transcription-relay.ts";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { passGate, withinAllowance } from "../auth/tool-gate.ts";
import type { ApiErrorBody } from "../contracts/api-error.ts";
import { LIVE_TICKET_TTL_SECONDS } from "../contracts/live.ts";
import { ApiError } from "../errors.ts";
import { invalidTicket, quotaUsed } from "../live/admission.ts";
import { newTicket, storeTicket } from "../live/tickets.ts";
import { monthOf, quotaSeconds, secondsLeft, sessionUsage, usedSeconds } from "../live/usage.ts";

/**
 * Live transcription: a ticket (bearer-authenticated), then the WebSocket upgrade that spends it
 * and hands the socket to a `TranscriptionRelay` Durable Object, one per session.
 */
export const live = new Hono<AppEnv>();

/** Emulator flags a test may pass through the relay; ignored unless SANDBOX=1. */
const SANDBOX_FLAGS = ["fail_status", "fail_close", "fail_after_ms", "fail_reason", "idle_ms"];

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
  if (!ticket) throw invalidTicket();

  const url = new URL(c.req.url);
  const extraQuery = new URLSearchParams();
  if (c.var.config.sandbox) {
    for (const flag of SANDBOX_FLAGS) {
      const value = url.searchParams.get(flag);
      if (value !== null) extraQuery.set(flag, value);
    }
  }
  const sessionId = crypto.randomUUID();
  const handover: RelayHandover = { ticket, origin: url.origin, extraQuery: extraQuery.toString() };
  // The relay spends the ticket itself: one trip to the object instead of D1 first, then the object.
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(
    new Request("https://relay/session", {
      headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(handover) },
    }),
  );
  if (relayed.status !== 101) {
    const refusal = (await relayed.json()) as ApiErrorBody;
    throw new ApiError(relayed.status as ContentfulStatusCode, refusal.code, refusal.message);
  }
  return new Response(null, { status: 101, webSocket: relayed.webSocket, headers: { "x-vox-session": sessionId } });
});
