import { z } from "zod";

/**
 * AssemblyAI Universal-Streaming v3 (`wss://streaming.assemblyai.com/v3/ws`) as its AsyncAPI
 * description (assemblyai-api-spec `usm-streaming.yml`, 2026-03) states it: the connection's query
 * parameters, the client's control messages and the service's `Begin`, `Turn` and `Termination`.
 * Errors and closes are not in the description; they follow AssemblyAI's "Common session errors and
 * closures" page (assemblyai.com/docs/streaming/common-session-errors-and-closures): an `Error`
 * text frame, then a close with the same code. The adapter, the emulator and the tests read these.
 */

export const STREAMING_SPEECH_MODELS = [
  "universal-streaming-english",
  "universal-streaming-multilingual",
  "whisper-rt",
] as const;

const flag = z.enum(["true", "false"]);
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const fraction = z.coerce.number().min(0).max(1);

/** Every parameter arrives as a query string; `keyterms_prompt` is a JSON array of strings. */
export const streamingQuery = z
  .object({
    sample_rate: integer(1, 192_000).optional(),
    encoding: z.enum(["pcm_s16le", "pcm_mulaw"]).default("pcm_s16le"),
    speech_model: z.enum(STREAMING_SPEECH_MODELS).optional(),
    format_turns: flag.default("false"),
    inactivity_timeout: integer(5, 3600).optional(),
    keyterms_prompt: z
      .string()
      .transform((text, context) => {
        const terms = z.array(z.string()).safeParse(jsonOrNull(text));
        if (terms.success) return terms.data;
        context.addIssue({ code: "custom", message: "must be a JSON array of strings" });
        return z.NEVER;
      })
      .optional(),
    language_detection: flag.optional(),
    max_turn_silence: integer(0, 60_000).optional(),
    min_turn_silence: integer(0, 60_000).optional(),
    speaker_labels: flag.default("false"),
    max_speakers: integer(1, 10).optional(),
    token: z.string().optional(),
    vad_threshold: fraction.optional(),
    end_of_turn_confidence_threshold: fraction.optional(),
    /** Deprecated in the description, and only `en` or `multi`. */
    language: z.enum(["en", "multi"]).optional(),
  })
  .refine((query) => query.language_detection !== "true" || query.speech_model === "universal-streaming-multilingual", {
    path: ["language_detection"],
    message: "language detection is only available for the multilingual model",
  })
  .refine((query) => query.language === undefined || query.speech_model !== "whisper-rt", {
    path: ["language"],
    message: "whisper-rt detects the language itself and takes no language parameter",
  })
  .refine((query) => query.end_of_turn_confidence_threshold === undefined || query.speech_model !== "whisper-rt", {
    path: ["end_of_turn_confidence_threshold"],
    message: "only supported for the Universal-Streaming models",
  });
export type StreamingQueryInput = z.input<typeof streamingQuery>;

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The query the adapter sends, every value a string as a URL carries it. */
export function streamingSearchParams(query: StreamingQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, typeof value === "string" ? value : String(value));
  }
  return params;
}

/** "The payload must … contain audio data between 50ms and 1000ms in length." */
export const AUDIO_CHUNK_MS = { min: 50, max: 1000 } as const;

export const BYTES_PER_SAMPLE = { pcm_s16le: 2, pcm_mulaw: 1 } as const;

// Client → service control messages.

export const streamingControl = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("UpdateConfiguration"),
    end_of_turn_confidence_threshold: z.number().nullable().optional(),
    min_turn_silence: z.number().int().nullable().optional(),
    max_turn_silence: z.number().int().nullable().optional(),
  }),
  z.object({ type: z.literal("ForceEndpoint") }),
  z.object({ type: z.literal("Terminate") }),
]);

// Service → client messages.

export const beginMessage = z.object({ type: z.literal("Begin"), id: z.uuid(), expires_at: z.number().int() });
export type BeginMessage = z.infer<typeof beginMessage>;

const streamingWord = z.object({
  text: z.string(),
  /** Milliseconds from the start of the stream. */
  start: z.number().int(),
  end: z.number().int(),
  confidence: z.number().min(0).max(1),
  word_is_final: z.boolean(),
});

export const turnMessage = z.object({
  type: z.literal("Turn"),
  turn_order: z.number().int(),
  turn_is_formatted: z.boolean(),
  end_of_turn: z.boolean(),
  transcript: z.string(),
  utterance: z.string().optional(),
  language_code: z.string().optional(),
  language_confidence: z.number().min(0).max(1).optional(),
  /** `A`, `B`, … with `speaker_labels=true`; `UNKNOWN` for a turn under about a second. */
  speaker_label: z.string().optional(),
  end_of_turn_confidence: z.number().min(0).max(1),
  words: z.array(streamingWord),
});
export type TurnMessage = z.infer<typeof turnMessage>;

/** What the adapter reads of a Turn; the rest is checked for drift only. */
export const turnNeeded = turnMessage.pick({
  type: true,
  end_of_turn: true,
  turn_is_formatted: true,
  transcript: true,
  speaker_label: true,
  words: true,
});

export const terminationMessage = z.object({
  type: z.literal("Termination"),
  audio_duration_seconds: z.number().int(),
  session_duration_seconds: z.number().int(),
});
export type TerminationMessage = z.infer<typeof terminationMessage>;

export const errorMessage = z.object({ type: z.literal("Error"), error_code: z.number().int(), error: z.string() });
export type ErrorMessage = z.infer<typeof errorMessage>;

/** The documented close codes the relay tells apart. */
export const STREAMING_CLOSES = {
  unauthorized: 1008,
  serverError: 3005,
  invalidMessage: 3006,
  inputDuration: 3007,
  sessionExpired: 3008,
  tooManySessions: 3009,
} as const;
