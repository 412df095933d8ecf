import { type SentimentReport, sentimentReportSchema } from "../contracts/sentiment.ts";
import {
  analysisSegments,
  errorBody,
  type ListenQuery,
  prerecordedAnswer,
  type UrlBody,
} from "./contracts/deepgram.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, providerJson } from "./provider-error.ts";

/**
 * Deepgram prerecorded analysis: the raw recording in the body or a JSON `{url}` it fetches,
 * `Authorization: Token <key>`.
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

/** Summary, topics, intents and sentiment on a smart-formatted English transcript. */
export function analysisQuery(model: string): ListenQuery {
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
  };
}

export interface AnalysisRequest {
  /** The recording itself, or a URL the provider fetches it from. */
  readonly audio: Blob | { readonly url: string };
  readonly model: string;
}

export async function analyseRecording(endpoint: ProviderEndpoint, request: AnalysisRequest): Promise<SentimentReport> {
  const { audio } = request;
  const source =
    audio instanceof Blob
      ? { body: audio, headers: { "content-type": audio.type || "application/octet-stream" } }
      : { json: { url: audio.url } satisfies UrlBody, timeoutMs: URL_TIMEOUT_MS };
  return providerJson(
    deepgram,
    endpoint,
    { what: "listen", path: `/v1/listen?${new URLSearchParams(analysisQuery(request.model))}`, ...source },
    { documented: prerecordedAnswer, needed: sentimentReportSchema, prepare: analysisSegments },
  );
}
