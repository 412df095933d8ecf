import type { Utterance } from "../transcripts/contracts/transcript.ts";
import {
  type CreateTranscriptRequest,
  errorBody,
  KEYTERM_MAX_WORDS,
  keytermWords,
  type TranscriptNeeded,
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
import { type ProviderAdapter, ProviderError, providerJson } from "./provider-error.ts";

/**
 * AssemblyAI: upload, transcript creation and polling (`/v2`, key in `Authorization`), and text
 * generation through its OpenAI-compatible LLM Gateway (LeMUR was retired on 2026-03-31).
 */

const TIMEOUT_MS = 60_000;

const assemblyai: ProviderAdapter = {
  provider: "assemblyai",
  auth: (endpoint) => ({ authorization: endpoint.apiKey }),
  timeoutMs: TIMEOUT_MS,
  refusalDetail: (body) => errorBody.safeParse(body).data?.error,
};

const gateway: ProviderAdapter = {
  provider: "assemblyai-llm",
  auth: (endpoint) => ({ authorization: endpoint.apiKey }),
  timeoutMs: TIMEOUT_MS * 2,
  refusalDetail: (body) => gatewayErrorBody.safeParse(body).data?.error.message,
};

export async function uploadAudio(endpoint: ProviderEndpoint, audio: ReadableStream | Blob): Promise<string> {
  const answer = await providerJson(
    assemblyai,
    endpoint,
    {
      what: "upload",
      path: "/v2/upload",
      headers: { "content-type": "application/octet-stream" },
      body: audio,
      timeoutMs: TIMEOUT_MS * 5,
    },
    { documented: uploadAnswer, needed: uploadAnswer },
  );
  return answer.upload_url;
}

const transcriptContract = { documented: transcriptAnswer, needed: transcriptNeeded };

interface TranscriptRequest {
  readonly audioUrl: string;
  /** Models in priority order; the provider routes each file to the first that fits its language. */
  readonly speechModels: readonly string[];
  /** Names and terms the recogniser should expect (the account's vocabulary). */
  readonly keyterms?: readonly string[];
}

/**
 * The transcript request the product sends: detected language, punctuated, formatted text, speaker
 * labels (so the release's transcript shows who said what), and the account's terms as `keyterms_prompt` when it has any. A phrase is at most 6 words there, so
 * longer terms are left out rather than the whole request refused.
 */
export function transcriptRequestBody(request: TranscriptRequest): CreateTranscriptRequest {
  const keyterms = (request.keyterms ?? []).filter((term) => keytermWords(term) <= KEYTERM_MAX_WORDS);
  return {
    audio_url: request.audioUrl,
    speech_models: [...request.speechModels],
    language_detection: true,
    punctuate: true,
    format_text: true,
    speaker_labels: true,
    ...(keyterms.length ? { keyterms_prompt: keyterms } : {}),
  };
}

export async function createTranscript(endpoint: ProviderEndpoint, request: TranscriptRequest) {
  return providerJson(
    assemblyai,
    endpoint,
    { what: "transcript", path: "/v2/transcript", json: transcriptRequestBody(request) },
    transcriptContract,
  );
}

const seconds = (ms: number) => ms / 1000;

/** A completed transcript's turns as the product keeps them: labels as given ("A", "B"), seconds. */
export function transcriptUtterances(transcript: TranscriptNeeded): Utterance[] {
  return (transcript.utterances ?? []).map((utterance) => ({
    speaker: utterance.speaker,
    start: seconds(utterance.start),
    end: seconds(utterance.end),
    text: utterance.text,
    words: utterance.words.map((word) => ({ text: word.text, start: seconds(word.start), end: seconds(word.end) })),
  }));
}

export async function getTranscript(endpoint: ProviderEndpoint, id: string) {
  return providerJson(
    assemblyai,
    endpoint,
    { what: "transcript poll", path: `/v2/transcript/${encodeURIComponent(id)}` },
    transcriptContract,
  );
}

/**
 * Deletes a transcript's data at the provider (it keeps a stub marked "Deleted by user."). A
 * transcript that is already gone counts as deleted.
 */
export async function deleteTranscript(endpoint: ProviderEndpoint, id: string): Promise<void> {
  try {
    await providerJson(
      assemblyai,
      endpoint,
      { what: "transcript deletion", path: `/v2/transcript/${encodeURIComponent(id)}`, method: "DELETE" },
      transcriptContract,
    );
  } catch (error) {
    if (!(error instanceof ProviderError && error.status === 404)) throw error;
  }
}

interface ChatRequest {
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
  const completion = await providerJson(
    gateway,
    endpoint,
    { what: "chat completion", path: "/v1/chat/completions", json: chatRequestBody(request) },
    { documented: chatAnswer, needed: chatNeeded },
  );
  const content = completion.choices[0]?.message.content?.trim();
  // A well-formed answer with nothing in it: asking again will not help.
  if (!content) throw new ProviderError("assemblyai-llm", "chat completion was empty", 200);
  return content;
}
