import type { ProviderEndpoint } from "../config.ts";
import { type SentimentReport, sentimentReportSchema } from "../contracts/sentiment.ts";
import { failure, ProviderError, providerFetch } from "./provider-error.ts";

/** Deepgram prerecorded analysis: the raw recording in the body, `Authorization: Token <key>`. */

const TIMEOUT_MS = 120_000;

/** Spec §7 flags: summary, topics, intents and sentiment on a smart-formatted English transcript. */
function analysisQuery(model: string): URLSearchParams {
  return new URLSearchParams({
    model,
    language: "en",
    summarize: "v2",
    topics: "true",
    intents: "true",
    sentiment: "true",
    smart_format: "true",
    punctuate: "true",
    utterances: "true",
  });
}

export interface AnalysisRequest {
  readonly audio: Blob;
  readonly model: string;
}

export async function analyseRecording(endpoint: ProviderEndpoint, request: AnalysisRequest): Promise<SentimentReport> {
  const response = await providerFetch(
    "deepgram",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v1/listen?${analysisQuery(request.model)}`, {
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
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { err_msg?: string } | null;
    return failure("deepgram", "listen", response, body?.err_msg);
  }
  const parsed = sentimentReportSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError("deepgram", "listen answered an unexpected shape", response.status);
  return parsed.data;
}
