import { z } from "zod";
import type { ProviderEndpoint } from "../config.ts";
import { failure, ProviderError, providerFetch } from "./provider-error.ts";

/**
 * AssemblyAI: upload, transcript creation and polling (`/v2`, key in `Authorization`), and text
 * generation through its OpenAI-compatible LLM Gateway (LeMUR was retired on 2026-03-31).
 */

const TIMEOUT_MS = 60_000;

function headers(endpoint: ProviderEndpoint, contentType: string): HeadersInit {
  return { authorization: endpoint.apiKey, "content-type": contentType };
}

async function readJson<T>(provider: string, what: string, response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown } | null;
    return failure(provider, what, response, typeof body?.error === "string" ? body.error : undefined);
  }
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError(provider, `${what} answered an unexpected shape`, response.status);
  return parsed.data;
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
  return (await readJson("assemblyai", "upload", response, z.object({ upload_url: z.string() }))).upload_url;
}

export const transcriptSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "processing", "completed", "error"]),
  text: z.string().nullish(),
  error: z.string().nullish(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

export async function createTranscript(endpoint: ProviderEndpoint, audioUrl: string): Promise<Transcript> {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/transcript`, {
      method: "POST",
      headers: headers(endpoint, "application/json"),
      body: JSON.stringify({ audio_url: audioUrl, language_detection: true, punctuate: true, format_text: true }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  return readJson("assemblyai", "transcript", response, transcriptSchema);
}

export async function getTranscript(endpoint: ProviderEndpoint, id: string): Promise<Transcript> {
  const response = await providerFetch(
    "assemblyai",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v2/transcript/${encodeURIComponent(id)}`, {
      headers: { authorization: endpoint.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  return readJson("assemblyai", "transcript poll", response, transcriptSchema);
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
  await readJson("assemblyai", "transcript deletion", response, transcriptSchema);
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly { role: "system" | "user" | "assistant"; content: string }[];
  readonly maxTokens: number;
  readonly temperature: number;
}

const chatCompletion = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullish() }))
    .min(1),
});

/** One chat completion from the LLM Gateway; answers the generated text. */
export async function generateText(endpoint: ProviderEndpoint, request: ChatRequest): Promise<string> {
  const response = await providerFetch(
    "assemblyai-llm",
    endpoint.fetch,
    new Request(`${endpoint.baseUrl}/v1/chat/completions`, {
      method: "POST",
      headers: headers(endpoint, "application/json"),
      body: JSON.stringify({
        model: request.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS * 2),
    }),
  );
  const completion = await readJson("assemblyai-llm", "chat completion", response, chatCompletion);
  const content = completion.choices[0]?.message.content?.trim();
  if (!content) throw new ProviderError("assemblyai-llm", "chat completion was empty", response.status);
  return content;
}
