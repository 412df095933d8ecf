import {
  type CreateTranscriptRequest,
  errorBody,
  transcriptAnswer,
  transcriptNeeded,
  uploadAnswer,
} from "./contracts/assemblyai.ts";
import {
  type ChatRequestBody,
  chatAnswer,
  chatNeeded,
  errorBody as gatewayErrorBody,
} from "./contracts/llm-gateway.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { failure, ProviderError, providerFetch, readAnswer } from "./provider-error.ts";

/**
 * AssemblyAI: upload, transcript creation and polling (`/v2`, key in `Authorization`), and text
 * generation through its OpenAI-compatible LLM Gateway (LeMUR was retired on 2026-03-31).
 */

const TIMEOUT_MS = 60_000;

function headers(endpoint: ProviderEndpoint, contentType: string): Record<string, string> {
  return { authorization: endpoint.apiKey, "content-type": contentType };
}

async function readJson<T>(
  provider: string,
  what: string,
  response: Response,
  contract: Parameters<typeof readAnswer<T>>[4],
): Promise<T> {
  if (!response.ok) {
    const body = await response
      .clone()
      .json()
      .catch(() => null);
    const transcriptError = errorBody.safeParse(body);
    const gatewayError = gatewayErrorBody.safeParse(body);
    const detail = transcriptError.success
      ? transcriptError.data.error
      : gatewayError.success
        ? gatewayError.data.error.message
        : undefined;
    return failure(provider, what, response, detail);
  }
  return readAnswer(provider, what, response.status, await response.json().catch(() => null), contract);
}

export async function uploadAudio(endpoint: ProviderEndpoint, audio: ReadableStream | Blob): Promise<string> {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/upload`, {
      method: "POST",
      headers: headers(endpoint, "application/octet-stream"),
      body: audio,
      signal: AbortSignal.timeout(TIMEOUT_MS * 5),
    }),
  );
  const answer = await readJson("assemblyai", "upload", response, { documented: uploadAnswer, needed: uploadAnswer });
  return answer.upload_url;
}

const transcriptContract = { documented: transcriptAnswer, needed: transcriptNeeded };

export interface TranscriptRequest {
  readonly audioUrl: string;
  /** Models in priority order; the provider routes each file to the first that fits its language. */
  readonly speechModels: readonly string[];
}

/** The transcript request the product sends: detected language, punctuated, formatted text. */
export function transcriptRequestBody(request: TranscriptRequest): CreateTranscriptRequest {
  return {
    audio_url: request.audioUrl,
    speech_models: [...request.speechModels],
    language_detection: true,
    punctuate: true,
    format_text: true,
  };
}

export async function createTranscript(endpoint: ProviderEndpoint, request: TranscriptRequest) {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/transcript`, {
      method: "POST",
      headers: headers(endpoint, "application/json"),
      body: JSON.stringify(transcriptRequestBody(request)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  return readJson("assemblyai", "transcript", response, transcriptContract);
}

export async function getTranscript(endpoint: ProviderEndpoint, id: string) {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/transcript/${encodeURIComponent(id)}`, {
      headers: { authorization: endpoint.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  return readJson("assemblyai", "transcript poll", response, transcriptContract);
}

/**
 * Deletes a transcript's data at the provider (it keeps a stub marked "Deleted by user."). A
 * transcript that is already gone counts as deleted.
 */
export async function deleteTranscript(endpoint: ProviderEndpoint, id: string): Promise<void> {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/transcript/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { authorization: endpoint.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  if (response.status === 404) return;
  await readJson("assemblyai", "transcript deletion", response, transcriptContract);
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly { role: "system" | "user" | "assistant"; content: string }[];
  readonly maxTokens: number;
  readonly temperature: number;
}

export function chatRequestBody(request: ChatRequest): ChatRequestBody {
  return {
    model: request.model,
    messages: [...request.messages],
    max_tokens: request.maxTokens,
    temperature: request.temperature,
  };
}

/** One chat completion from the LLM Gateway; answers the generated text. */
export async function generateText(endpoint: ProviderEndpoint, request: ChatRequest): Promise<string> {
  const response = await providerFetch(
    "assemblyai-llm",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v1/chat/completions`, {
      method: "POST",
      headers: headers(endpoint, "application/json"),
      body: JSON.stringify(chatRequestBody(request)),
      signal: AbortSignal.timeout(TIMEOUT_MS * 2),
    }),
  );
  const completion = await readJson("assemblyai-llm", "chat completion", response, {
    documented: chatAnswer,
    needed: chatNeeded,
  });
  const content = completion.choices[0]?.message.content?.trim();
  if (!content) throw new ProviderError("assemblyai-llm", "chat completion was empty", response.status);
  return content;
}
