import { z } from "zod";
import { type SentimentReport, sentimentReportSchema } from "../reports/contracts/sentiment.ts";
import type { Utterance } from "../transcripts/contracts/transcript.ts";
import {
  analysisSegments,
  errorBody,
  keytermsFor,
  type ListenQuery,
  listenSearchParams,
  prerecordedAnswer,
  type ReadBody,
  type ReadQuery,
  readAnswer,
  type UrlBody,
} from "./contracts/deepgram.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, providerJson } from "./provider-error.ts";

/**
 * Deepgram prerecorded analysis: the raw recording in the body or a JSON `{url}` it fetches,
 * `Authorization: Token <key>`; and text intelligence (`/v1/read`) on text the product already has.
 */

/** The provider fetches and analyses hours of media before it answers. */
const URL_TIMEOUT_MS = 14 * 60_000;

/** Shared by the prerecorded calls here and the streaming socket (`deepgram-live.ts`). */
export const deepgram: ProviderAdapter = {
  provider: "deepgram",
  auth: (endpoint) => ({ authorization: `Token ${endpoint.apiKey}` }),
  timeoutMs: 120_000,
  refusalDetail: (body) => errorBody.safeParse(body).data?.err_msg,
};

/**
 * Summary, topics, intents and sentiment on a smart-formatted English transcript, in utterances
 * with speaker labels (`diarize_model`, which the description prefers to the deprecated
 * `diarize=true`); the account's terms as `keyterm` when there are any (Nova-3 only, so never with
 * another model).
 */
export function analysisQuery(model: string, keyterms: readonly string[] = []): ListenQuery {
  const keyterm = keytermsFor(model, keyterms);
  return {
    model,
    language: "en",
    summarize: "v2",
    topics: "true",
    intents: "true",
    sentiment: "true",
    smart_format: "true",
    punctuate: "true",
    utterances: "true",
    diarize_model: "latest",
    ...(keyterm ? { keyterm } : {}),
  };
}

interface AnalysisRequest {
  /** The recording itself, or a URL the provider fetches it from. */
  readonly audio: Blob | { readonly url: string };
  readonly model: string;
  /** Names and terms the recogniser should expect (the account's vocabulary). */
  readonly keyterms?: readonly string[];
}

/** What the report keeps of Deepgram's utterances. */
const utterancesNeeded = z
  .array(
    z.object({
      start: z.number(),
      end: z.number(),
      transcript: z.string(),
      speaker: z.number().int().optional(),
      words: z.array(
        z.object({ word: z.string(), punctuated_word: z.string().optional(), start: z.number(), end: z.number() }),
      ),
    }),
  )
  .optional();

const analysisNeeded = sentimentReportSchema.extend({
  results: sentimentReportSchema.shape.results.extend({ utterances: utterancesNeeded }),
});

/** Deepgram's speaker numbers as the transcript's labels ("0", "1", …); one speaker without them. */
function transcriptUtterances(utterances: NonNullable<z.infer<typeof utterancesNeeded>>): Utterance[] {
  return utterances.map((utterance) => ({
    speaker: String(utterance.speaker ?? 0),
    start: utterance.start,
    end: utterance.end,
    text: utterance.transcript,
    words: utterance.words.map((word) => ({
      text: word.punctuated_word ?? word.word,
      start: word.start,
      end: word.end,
    })),
  }));
}

export async function analyseRecording(endpoint: ProviderEndpoint, request: AnalysisRequest): Promise<SentimentReport> {
  const { audio } = request;
  const source =
    audio instanceof Blob
      ? { body: audio, headers: { "content-type": audio.type || "application/octet-stream" } }
      : { json: { url: audio.url } satisfies UrlBody, timeoutMs: URL_TIMEOUT_MS };
  const query = listenSearchParams(analysisQuery(request.model, request.keyterms));
  const {
    results: { utterances, ...results },
    ...report
  } = await providerJson(
    deepgram,
    endpoint,
    { what: "listen", path: `/v1/listen?${query}`, ...source },
    { documented: prerecordedAnswer, needed: analysisNeeded, prepare: analysisSegments },
  );
  return { ...report, results, ...(utterances ? { utterances: transcriptUtterances(utterances) } : {}) };
}

/** Every analysis the report shows; `/v1/read` takes English. */
export const TEXT_ANALYSIS_QUERY = {
  language: "en",
  sentiment: "true",
  topics: "true",
  intents: "true",
  summarize: "true",
} as const satisfies ReadQuery;

/** What the product reads of a `/v1/read` answer, topics and intents already flattened. */
const textAnalysisNeeded = z.object({
  results: sentimentReportSchema.shape.results
    .pick({ sentiments: true, topics: true, intents: true })
    .extend({ summary: readAnswer.shape.results.shape.summary }),
});

export type TextAnalysis = Pick<SentimentReport["results"], "sentiments" | "topics" | "intents" | "summary">;

/** Sentiment, topics, intents and a summary of an English text, in the report's shape. */
export async function analyseText(endpoint: ProviderEndpoint, text: string): Promise<TextAnalysis> {
  const { results } = await providerJson(
    deepgram,
    endpoint,
    {
      what: "read",
      path: `/v1/read?${new URLSearchParams(TEXT_ANALYSIS_QUERY)}`,
      json: { text } satisfies ReadBody,
    },
    {
      documented: readAnswer,
      needed: textAnalysisNeeded,
      prepare: analysisSegments,
    },
  );
  const summary = results.summary?.results?.summary?.text;
  return {
    sentiments: results.sentiments,
    topics: results.topics,
    intents: results.intents,
    ...(summary ? { summary: { short: summary } } : {}),
  };
}
