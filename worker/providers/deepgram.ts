import { type SentimentReport, sentimentReportSchema } from "../contracts/sentiment.ts";
import { analysisSegments, errorBody, type ListenQuery, prerecordedAnswer } from "./contracts/deepgram.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { failure, providerFetch, readAnswer } from "./provider-error.ts";

/** Deepgram prerecorded analysis: the raw recording in the body, `Authorization: Token <key>`. */

const TIMEOUT_MS = 120_000;

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
  readonly audio: Blob;
  readonly model: string;
}

export async function analyseRecording(endpoint: ProviderEndpoint, request: AnalysisRequest): Promise<SentimentReport> {
  const response = await providerFetch(
    "deepgram",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v1/listen?${new URLSearchParams(analysisQuery(request.model))}`, {
      method: "POST",
      headers: {
        authorization: `Token ${endpoint.apiKey}`,
        "content-type": request.audio.type || "application/octet-stream",
      },
      body: request.audio,
      signal: AbortSignal.timeout(TIMEOUT_MS),
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
