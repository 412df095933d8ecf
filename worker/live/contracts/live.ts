import { z } from "zod";
import { lineField } from "../../contracts/fields.ts";
import { LANGUAGES } from "../../contracts/languages.ts";
import { speakerNamesSchema, utteranceSchema } from "../../transcripts/contracts/transcript.ts";
import { LIVE_ENCODINGS } from "./live-constants.ts";

/** Live transcription and the relay's WebSocket messages, shared with the site. */

/** `GET /api/live?resume=TOKEN&after=SEQ[&fresh=1]`; `fresh` says the audio starts a new container. */
export const liveResumeQuery = z.object({
  resume: z.string().regex(/^[0-9a-f-]{36}\.[\w-]{20,100}$/),
  after: z.coerce.number().int().min(0).default(0),
  fresh: z.enum(["0", "1"]).default("0"),
});

/**
 * `POST /api/live/ticket`: the language the speaker will speak (English when absent), checked
 * against the routing table (`requireRoute("live", …)`) before a ticket is given, and what the
 * audio frames will hold (the page's WebM Opus when absent), which that language's provider must take.
 */
export const liveTicketBody = z.object({
  language: z.string().max(16).optional(),
  encoding: z.enum(LIVE_ENCODINGS).optional(),
});
export type LiveTicketBody = z.infer<typeof liveTicketBody>;

export const liveTicketSchema = z.object({
  ticket: z.string(),
  expires_in: z.number(),
  /** Seconds of live transcription left this month; null when the plan is unlimited. */
  seconds_left: z.number().nullable(),
  /** The session a caption link made before recording waits for: open the socket with `session=` it. */
  session_id: z.uuid().nullable(),
});
export type LiveTicket = z.infer<typeof liveTicketSchema>;

export const liveUsageSchema = z.object({
  used_seconds: z.number(),
  quota_seconds: z.number().nullable(),
  month: z.string(),
});

/** Browser → relay control messages (audio travels as binary frames). */
export const liveClientMessage = z.discriminatedUnion("type", [z.object({ type: z.literal("stop") })]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** Interim and final text, as the speaker's page and viewers both get it. */
const liveTranscriptMessage = z.object({
  type: z.literal("transcript"),
  text: z.string(),
  is_final: z.boolean(),
  /** Finals only: 1, 2, 3, … per session, so a resumed page asks for what it missed. */
  seq: z.number().int().positive().optional(),
  /** Seconds from the start of the session's audio, for timestamps (SRT). */
  start: z.number(),
  duration: z.number(),
  /**
   * Who said a final: "1", "2", … as the provider told the voices apart, in every language (finals
   * kept before speakers were labelled read `UNLABELLED_SPEAKER`). Interims carry none.
   */
  speaker: z.string().max(16).optional(),
  /**
   * A final sent again with its accurate pass's text (Yorùbá and Hausa: Spitch on the final's
   * audio): it replaces the final with the same `seq` wherever it is shown or kept.
   */
  correction: z.literal(true).optional(),
});

/** Relay → browser messages. */
export const liveServerMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("ready"),
    session_id: z.string(),
    resume_token: z.string(),
    /** The provider stream was reopened: the page must send a container header again first. */
    restart_audio: z.boolean(),
  }),
  liveTranscriptMessage,
  z.object({ type: z.literal("error"), code: z.number(), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

const liveSegment = z.object({
  seq: z.number(),
  text: z.string(),
  start: z.number(),
  duration: z.number(),
  speaker: z.string().max(16),
});
export type LiveSegment = z.infer<typeof liveSegment>;

/** A session's transcript as listed on /voxscribe. */
const savedTranscript = z.object({
  id: z.string(),
  title: z.string(),
  /** The language spoken; null for a session kept before sessions recorded it (English, mostly). */
  language: z.enum(LANGUAGES).nullable(),
  status: z.enum(["active", "ended"]),
  /** Audio the provider processed, in seconds. */
  duration_seconds: z.number(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** The first words said. */
  preview: z.string(),
});
export type SavedTranscript = z.infer<typeof savedTranscript>;

export const transcriptListSchema = z.object({ transcripts: z.array(savedTranscript) });
/** The finals as utterances by their speakers, and the names given to them. */
export const transcriptDetailSchema = savedTranscript.extend({
  segments: z.array(liveSegment),
  utterances: z.array(utteranceSchema).optional(),
  speaker_names: speakerNamesSchema.optional(),
});
export const renameTranscriptBody = z.object({ title: lineField(120, { required: "A title cannot be empty" }) });

/** A session's caption link: anyone with it may read the captions, live and after the session. */
export const captionShareSchema = z.object({ watch_url: z.string(), token: z.string() });
export type CaptionShare = z.infer<typeof captionShareSchema>;

/** `POST /api/live/share`: a caption link made before recording, for the speaker's next session. */
export const captionReservationSchema = captionShareSchema.extend({ session_id: z.uuid() });

export const liveSessionParam = z.object({ session_id: z.uuid() });

/**
 * `GET /api/live/watch?token=…[&after=SEQ][&language=yo]`; `after` is the last final the viewer
 * already has, `language` the one it reads the captions in (the session's own when absent).
 */
export const watchQuery = z.object({
  token: z.string().regex(/^[\w-]{43}$/),
  after: z.coerce.number().int().min(0).default(0),
  language: z.enum(LANGUAGES).optional(),
});

/** Why a viewer's captions stopped: the session ended, or its owner stopped sharing. */
const captionsEndedReason = z.enum(["session_ended", "sharing_stopped"]);

/**
 * A transcript message as a caption reader gets it. Readers of the session's own language get the
 * speaker's messages unchanged. A reader of another language gets each final with `language` (the
 * language `text` is in): translated, with `original` (the words as spoken); or, when translating
 * it failed or took too long, the final as spoken with `language` the session's, which is how the
 * page knows to mark it untranslated. Interims are never translated.
 */
const captionTranscriptMessage = liveTranscriptMessage.extend({
  language: z.enum(LANGUAGES).optional(),
  original: z.string().optional(),
});
export type CaptionTranscriptMessage = z.infer<typeof captionTranscriptMessage>;

/**
 * Relay → viewer messages: transcript messages (finals with `seq`, interims without) and `ended`,
 * after which the relay closes the socket. A link made before recording first says `waiting`, then
 * `started` when the speaker starts. Viewers only listen.
 */
export const watchServerMessage = z.discriminatedUnion("type", [
  captionTranscriptMessage,
  /** The names the owner gave the session's speakers (label → name), before the finals and on each rename. */
  z.object({ type: z.literal("speakers"), names: speakerNamesSchema }),
  z.object({ type: z.literal("ended"), reason: captionsEndedReason }),
  z.object({ type: z.literal("waiting") }),
  z.object({ type: z.literal("started") }),
]);
export type WatchServerMessage = z.infer<typeof watchServerMessage>;
