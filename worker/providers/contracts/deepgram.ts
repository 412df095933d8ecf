import { z } from "zod";

/**
 * Deepgram's `/v1/listen`, prerecorded (HTTP) and streaming (WebSocket), as its published
 * descriptions state it (OpenAPI and AsyncAPI, checked 2026-07). One deliberate difference: the
 * description nests topics and intents as `{results: {topics: {segments}}}`, while the service
 * answers `{segments}` directly; both are accepted and read alike (see `analysisSegments`).
 */

/** Legacy error body, still what `/v1/listen` answers. */
export const errorBody = z.object({ err_code: z.string(), err_msg: z.string(), request_id: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Boolean query flags travel as the strings `true` and `false`; anything else is refused. */
const flag = z.enum(["true", "false"]);

/**
 * `keyterm`: "Key term prompting … Only compatible with Nova-3", repeated once per term
 * (`keyterm=a&keyterm=b`); plain terms only, so a weight (`term:0.15`) is invalid, and terms are
 * never joined with commas, semicolons or line breaks. The description states no count limit.
 */
export const keyterm = z
  .string()
  .min(1)
  .refine((term) => !/[,;\r\n]/.test(term), "separate key terms by repeating keyterm, not with , or ;")
  .refine((term) => !/:\s*-?\d+(\.\d+)?$/.test(term), "keyterm takes plain terms, not weights");

/** The query flags of `/v1/listen` the product uses, prerecorded and streaming. */
export const listenQuery = z.object({
  model: z.string().min(1).optional(),
  language: z.string().min(2).optional(),
  punctuate: flag.optional(),
  smart_format: flag.optional(),
  utterances: flag.optional(),
  /**
   * Speaker labels on every word (and utterance): "Recognize speaker changes … a speaker number
   * starting at 0". Deprecated in favour of `diarize_model`, which enables it too; both still work.
   */
  diarize: flag.optional(),
  /** Batch takes `latest`, `v1` and `v2`; streaming refuses `v2` (see `streamingQuery`). */
  diarize_model: z.enum(["latest", "v1", "v2"]).optional(),
  summarize: z.enum(["v2", "true", "false"]).optional(),
  topics: flag.optional(),
  intents: flag.optional(),
  sentiment: flag.optional(),
  interim_results: flag.optional(),
  encoding: z
    .enum(["linear16", "linear32", "flac", "alaw", "mulaw", "amr-nb", "amr-wb", "opus", "ogg-opus", "speex", "g729"])
    .optional(),
  sample_rate: z.string().regex(/^\d+$/).optional(),
  channels: z.string().regex(/^\d+$/).optional(),
  /** Terms to expect, one query parameter each; "Only compatible with Nova-3". */
  keyterm: z.array(keyterm).optional(),
});
export type ListenQuery = z.infer<typeof listenQuery>;

/** `keyterm` is the one parameter the product repeats; the rest are single strings. */
export function listenQueryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.fromEntries(params);
  if (params.has("keyterm")) query.keyterm = params.getAll("keyterm");
  return query;
}

export function listenSearchParams(query: ListenQuery): URLSearchParams {
  const { keyterm = [], ...single } = query;
  const params = new URLSearchParams(single);
  for (const term of keyterm) params.append("keyterm", term);
  return params;
}

/** Models `keyterm` works with. */
export const isKeytermModel = (model: string | undefined) => model?.startsWith("nova-3") ?? false;

/**
 * An account's terms as `keyterm` for `model`: none for a model that does not take them (a
 * refused request would cost the whole job). The vocabulary refuses commas, semicolons and line
 * breaks; a trailing `:number` would read as a weight, so it becomes a space, and any separator
 * left in a term does too. A term nothing is left of is dropped: an empty `keyterm` is refused.
 */
export function keytermsFor(model: string, terms: readonly string[]): string[] | undefined {
  if (!isKeytermModel(model)) return undefined;
  const keyterms = terms
    .map((term) =>
      term
        .replace(/[,;\r\n]/g, " ")
        .replace(/:(?=\s*-?\d+(\.\d+)?$)/, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((term) => term !== "");
  return keyterms.length ? keyterms : undefined;
}

/** The JSON body form: the service fetches the media itself. */
export const urlBody = z.object({ url: z.url() });
export type UrlBody = z.infer<typeof urlBody>;

const modelInfo = z.record(z.string(), z.object({ name: z.string(), version: z.string(), arch: z.string() }));

const word = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number(),
  punctuated_word: z.string().optional(),
  /** With diarization only. */
  speaker: z.number().int().optional(),
  speaker_confidence: z.number().optional(),
});

const segment = z.object({ text: z.string(), start_word: z.number(), end_word: z.number() });
const topicSegments = z.array(
  segment.extend({ topics: z.array(z.object({ topic: z.string(), confidence_score: z.number() })) }),
);
const intentSegments = z.array(
  segment.extend({ intents: z.array(z.object({ intent: z.string(), confidence_score: z.number() })) }),
);

/** Analyses as `/v1/listen` and `/v1/read` both answer them: flat, or nested as described. */
const topicsAnswer = z
  .union([
    z.object({ segments: topicSegments }),
    z.object({ results: z.object({ topics: z.object({ segments: topicSegments }) }) }),
  ])
  .optional();
const intentsAnswer = z
  .union([
    z.object({ segments: intentSegments }),
    z.object({ results: z.object({ intents: z.object({ segments: intentSegments }) }) }),
  ])
  .optional();
const sentimentsAnswer = z
  .object({
    segments: z.array(segment.extend({ sentiment: z.string(), sentiment_score: z.number() })),
    average: z.object({ sentiment: z.string(), sentiment_score: z.number() }),
  })
  .partial()
  .optional();

/** A prerecorded answer, with every field the description marks required. */
export const prerecordedAnswer = z.object({
  metadata: z.object({
    transaction_key: z.string().optional(),
    request_id: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    created: z.string(),
    duration: z.number(),
    channels: z.number(),
    models: z.array(z.string()),
    model_info: modelInfo,
  }),
  results: z.object({
    channels: z.array(
      z.object({
        alternatives: z.array(z.object({ transcript: z.string(), confidence: z.number(), words: z.array(word) })),
      }),
    ),
    utterances: z
      .array(
        z.object({
          start: z.number(),
          end: z.number(),
          confidence: z.number(),
          channel: z.number(),
          transcript: z.string(),
          words: z.array(word),
          /** With diarization only. */
          speaker: z.number().int().optional(),
          id: z.string(),
        }),
      )
      .optional(),
    summary: z.object({ result: z.string(), short: z.string() }).partial().optional(),
    sentiments: sentimentsAnswer,
    topics: topicsAnswer,
    intents: intentsAnswer,
  }),
});
export type PrerecordedAnswer = z.infer<typeof prerecordedAnswer>;

/**
 * Text intelligence, `POST /v1/read`: JSON `{text}` or `{url}`, the analyses asked for in the query.
 * Unlike `/v1/listen`, `summarize` "accepts boolean only" here.
 */
export const readQuery = z.object({
  language: z.string().min(2).optional(),
  sentiment: flag.optional(),
  topics: flag.optional(),
  intents: flag.optional(),
  summarize: flag.optional(),
  custom_topic: z.string().optional(),
  custom_topic_mode: z.enum(["extended", "strict"]).optional(),
  custom_intent: z.string().optional(),
  custom_intent_mode: z.enum(["extended", "strict"]).optional(),
  tag: z.string().optional(),
  callback: z.string().optional(),
  callback_method: z.enum(["POST", "PUT"]).optional(),
});
export type ReadQuery = z.infer<typeof readQuery>;

export const readBody = z.union([z.object({ text: z.string() }), z.object({ url: z.url() })]);
export type ReadBody = z.infer<typeof readBody>;

const tokenInfo = z.object({ model_uuid: z.uuid(), input_tokens: z.number().int(), output_tokens: z.number().int() });

/**
 * A `/v1/read` answer, every field as the description declares it (only `metadata` and `results`
 * are required there; an analysis that was asked for is answered whole).
 */
export const readAnswer = z.object({
  metadata: z.object({
    metadata: z
      .object({
        request_id: z.uuid(),
        created: z.iso.datetime(),
        language: z.string(),
        summary_info: tokenInfo,
        sentiment_info: tokenInfo,
        topics_info: tokenInfo,
        intents_info: tokenInfo,
      })
      .partial()
      .optional(),
  }),
  results: z.object({
    summary: z
      .object({ results: z.object({ summary: z.object({ text: z.string() }).partial() }).partial() })
      .partial()
      .optional(),
    // Nested as described; flattened like `/v1/listen`'s when read (see `analysisSegments`).
    topics: topicsAnswer,
    intents: intentsAnswer,
    sentiments: sentimentsAnswer,
  }),
});
export type ReadAnswer = z.infer<typeof readAnswer>;

/**
 * Topics and intents as the service answers them (`{segments}`), whichever of the two nestings
 * arrived, so the report reads one shape.
 */
export function analysisSegments(answer: unknown): unknown {
  if (typeof answer !== "object" || answer === null) return answer;
  const results = (answer as { results?: Record<string, unknown> }).results;
  if (!results) return answer;
  const flatten = (key: "topics" | "intents") => {
    const value = results[key] as { results?: Record<string, unknown> } | undefined;
    return value?.results?.[key] ?? value;
  };
  return { ...answer, results: { ...results, topics: flatten("topics"), intents: flatten("intents") } };
}

/** Models the streaming description lists; the service refuses a stream for any other name. */
const STREAMING_MODELS = [
  "nova-3",
  "nova-3-general",
  "nova-3-medical",
  "nova-2",
  "nova-2-general",
  "nova-2-meeting",
  "nova-2-finance",
  "nova-2-conversationalai",
  "nova-2-voicemail",
  "nova-2-video",
  "nova-2-medical",
  "nova-2-drivethru",
  "nova-2-automotive",
  "nova",
  "nova-general",
  "nova-phonecall",
  "nova-medical",
  "enhanced",
  "enhanced-general",
  "enhanced-meeting",
  "enhanced-phonecall",
  "enhanced-finance",
  "base",
  "meeting",
  "phonecall",
  "finance",
  "conversationalai",
  "voicemail",
  "video",
  "custom",
] as const;

export const streamingQuery = listenQuery
  .extend({ model: z.enum(STREAMING_MODELS).optional() })
  .refine((query) => !query.keyterm || (query.model ?? "").startsWith("nova-3"), {
    path: ["keyterm"],
    message: "keyterm is only compatible with Nova-3 models",
  })
  .refine((query) => query.diarize_model !== "v2", {
    path: ["diarize_model"],
    message: "diarize_model v2 is not available for streaming; use latest or v1",
  });

// Streaming messages, service → client.

export const liveResults = z.object({
  type: z.literal("Results"),
  channel_index: z.array(z.number().int()),
  duration: z.number(),
  start: z.number(),
  is_final: z.boolean().optional(),
  speech_final: z.boolean().optional(),
  from_finalize: z.boolean().optional(),
  channel: z.object({
    alternatives: z.array(
      z.object({
        transcript: z.string(),
        confidence: z.number(),
        /** Streaming words carry `speaker` (from 0) when diarization is asked for, never `speaker_confidence`. */
        words: z.array(word.omit({ speaker_confidence: true })),
      }),
    ),
  }),
  metadata: z.object({
    request_id: z.string(),
    model_info: z.object({ name: z.string(), version: z.string(), arch: z.string() }),
    model_uuid: z.string(),
  }),
});
export type LiveResults = z.infer<typeof liveResults>;

export const liveMetadata = z.object({
  type: z.literal("Metadata"),
  transaction_key: z.string(),
  request_id: z.string(),
  sha256: z.string(),
  created: z.string(),
  duration: z.number(),
  channels: z.number().int(),
});
export type LiveMetadata = z.infer<typeof liveMetadata>;

/** What the relay reads of the closing `Metadata`: the audio the stream processed, for metering. */
export const liveMetadataNeeded = liveMetadata.pick({ type: true, duration: true });

/** What the relay reads of a `Results` message: the words too, for who said them. */
export const liveResultsNeeded = z.object({
  type: z.literal("Results"),
  start: z.number(),
  duration: z.number(),
  is_final: z.boolean(),
  channel: z.object({
    alternatives: z
      .array(
        z.object({
          transcript: z.string(),
          // Required by the description, but a result without them still has text to show.
          words: z
            .array(word.pick({ word: true, punctuated_word: true, start: true, end: true, speaker: true }))
            .default([]),
        }),
      )
      .min(1),
  }),
});
export type LiveWord = LiveResults["channel"]["alternatives"][number]["words"][number];

// Streaming control messages, client → service.
export const liveControl = z.discriminatedUnion("type", [
  z.object({ type: z.literal("KeepAlive") }),
  z.object({ type: z.literal("CloseStream") }),
  z.object({ type: z.literal("Finalize") }),
]);
