import { z } from "zod";

/** Live transcription (spec §4, §7, §9) and the relay's WebSocket messages, shared with the site. */

/** MediaRecorder timeslice: one audio frame every 250 ms. */
export const LIVE_CHUNK_MS = 250;
/** The relay tells the provider the stream is alive this often when no audio flows. */
export const LIVE_KEEPALIVE_MS = 3000;
/** A 250 ms Opus frame is a few kilobytes; anything this large is not audio from our page. */
export const LIVE_MAX_FRAME_BYTES = 256 * 1024;
/** How long a ticket may wait before its WebSocket is opened. */
export const LIVE_TICKET_TTL_SECONDS = 60;

export const liveTicketSchema = z.object({
  ticket: z.string(),
  expires_in: z.number(),
  /** Seconds of live transcription left this month; null when the plan is unlimited. */
  seconds_left: z.number().nullable(),
});

export const liveUsageSchema = z.object({
  used_seconds: z.number(),
  quota_seconds: z.number().nullable(),
  month: z.string(),
});

/** Browser → relay control messages (audio travels as binary frames). */
export const liveClientMessage = z.discriminatedUnion("type", [z.object({ type: z.literal("stop") })]);

/** Relay → browser messages. */
export const liveServerMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("transcript"),
    text: z.string(),
    is_final: z.boolean(),
    /** Seconds from the start of the stream, for timestamps (SRT). */
    start: z.number(),
    duration: z.number(),
  }),
  z.object({ type: z.literal("error"), code: z.number(), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
