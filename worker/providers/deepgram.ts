import { type SentimentReport, sentimentReportSchema } from "../contracts/sentiment.ts";
import {
  analysisSegments,
  errorBody,
  type ListenQuery,
  prerecordedAnswer,
  type UrlBody,
} from "./contracts/deepgram.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { failure, providerFetch, readAnswer } from "./provider-error.ts";

/**
 * Deepgram prerecorded analysis: the raw recording in the body or a JSON `{url}` it fetches,
 * `Authorization: Token <key>`.
 */

const TIMEOUT_MS = 120_000;
/** The provider fetches and analyses hours of media before it answers. */
const URL_TIMEOUT_MS = 14 * 60_000;

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
  const byUrl = !(audio instanceof Blob);
  const body: UrlBody | Blob = byUrl ? { url: audio.url } : audio;
  const response = await providerFetch(
    "deepgram",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v1/listen?${new URLSearchParams(analysisQuery(request.model))}`, {
      method: "POST",
      headers: {
        authorization: `Token ${endpoint.apiKey}`,
        "content-type": byUrl ? "application/json" : audio.type || "application/octet-stream",
      },
      body: body instanceof Blob ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(byUrl ? URL_TIMEOUT_MS : TIMEOUT_MS),
    }),
  );
  if (!response.ok) {
    const body = errorBody.safeParse(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    return failure("deepgram", "listen", response, body.success ? body.data.err_msg : undefined);
  }
  const answer = analysisSegments(await response.json().catch(() => null));
  return readAnswer("deepgram", "listen", response.status, answer, {
    documented: prerecordedAnswer,
    needed: sentimentReportSchema,
  });
}
