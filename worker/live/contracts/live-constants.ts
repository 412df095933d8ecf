/**
 * Live transcription's timings and names, shared by the page, the Worker and the relay. No zod
 * here: the live tool imports these as it loads, before any schema has (site/src/api/client.ts).
 */

/**
 * What a live session's audio frames hold: the page's MediaRecorder sends WebM Opus; devices and
 * API users may send raw 16 kHz 16-bit mono PCM.
 */
export const LIVE_ENCODINGS = ["webm-opus", "pcm_s16le"] as const;
export type LiveEncoding = (typeof LIVE_ENCODINGS)[number];
export const DEFAULT_LIVE_ENCODING: LiveEncoding = "webm-opus";

/**
 * The page's Opus bitrate: 32 kb/s is 14.4 MB an hour, within the 15 MB an hour a speaker may
 * upload (Chromium's MediaRecorder otherwise picks 128 kb/s), and clear speech for recognition.
 */
export const LIVE_AUDIO_BITS_PER_SECOND = 32_000;
/**
 * Languages captioned near-live: no streaming recogniser lists them, so the relay cuts the speech at
 * pauses and a batch recogniser transcribes each piece (Igbo through Spitch; the routing table's
 * live row, which a worker test holds this to). The page tells the speaker the captions lag.
 */
export const NEAR_LIVE_LANGUAGES: readonly string[] = ["ig"];
/** What the page says while a near-live language is chosen. */
export const NEAR_LIVE_NOTE =
  "Igbo captions follow a few seconds behind: each phrase is transcribed once you pause, with no words shown while you speak.";

/** MediaRecorder timeslice: one audio frame every 250 ms. */
export const LIVE_CHUNK_MS = 250;
/** The relay tells the provider the stream is alive this often when no audio flows. */
export const LIVE_KEEPALIVE_MS = 3000;
/** A 250 ms Opus frame is a few kilobytes; anything this large is not audio from our page. */
export const LIVE_MAX_FRAME_BYTES = 256 * 1024;
/** How long a ticket may wait before its WebSocket is opened. */
export const LIVE_TICKET_TTL_SECONDS = 60;
/** How long a session outlives a dropped browser socket, waiting to be resumed. */
export const LIVE_RESUME_GRACE_MS = 30_000;
/**
 * Audio the page holds while it cannot send: two minutes of frames. Past that the oldest frames
 * are dropped (and the page says so), since a session has ended long before anyway.
 */
export const LIVE_BUFFER_MS = 120_000;
/**
 * Browsers cannot set headers on a WebSocket, so a resume proves who is asking with the WebSocket
 * subprotocol pair [LIVE_AUTH_PROTOCOL, bearer token]; the relay answers with LIVE_AUTH_PROTOCOL.
 */
export const LIVE_AUTH_PROTOCOL = "vox-bearer";

/**
 * The places of a session's audience kept for viewers from other addresses: the last tenth (20 of
 * 200, 50 of 500, 200 of 2,000). An address holding half the places or more cannot take them, so
 * one address, a venue's Wi-Fi, can fill nine tenths of the room and never shut everyone else out.
 */
export function viewerReserve(places: number): number {
  return Math.ceil(places / 10);
}

/**
 * The speaker of a final kept before live speakers were labelled: the label its transcript's
 * utterances had then, so names given to it still apply.
 */
export const UNLABELLED_SPEAKER = "0";
