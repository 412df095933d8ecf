import type { z } from "zod";
import { voicesResponse } from "../contracts/tts.ts";
import {
  type AudioQuery,
  type OUTPUT_FORMATS,
  type TextToSpeechRequest,
  voicesAnswer,
} from "./contracts/elevenlabs.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { ProviderError, readAnswer } from "./provider-error.ts";

/** ElevenLabs voices and streaming text-to-speech, with the key in the `xi-api-key` header. */

export class SpeechProviderError extends ProviderError {
  override name = "SpeechProviderError";
  constructor(message: string, status: number) {
    super("elevenlabs", message, status);
  }
}

const TIMEOUT_MS = 15_000;

export type Voice = z.infer<typeof voicesResponse>["voices"][number];

export async function listVoices(endpoint: ProviderEndpoint): Promise<Voice[]> {
  const response = await endpoint
    .fetch(
      new Request(`${endpoint.baseUrl}/v1/voices`, {
        headers: { "xi-api-key": endpoint.apiKey },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    )
    .catch((error: Error) => {
      throw new SpeechProviderError(`voices unreachable: ${error.message}`, 0);
    });
  if (!response.ok) throw new SpeechProviderError(`voices answered ${response.status}`, response.status);
  const body = await response.json().catch(() => null);
  let answer: z.infer<typeof voicesResponse>;
  try {
    answer = readAnswer("elevenlabs", "voices", response.status, body, {
      documented: voicesAnswer,
      needed: voicesResponse,
    });
  } catch (error) {
    throw new SpeechProviderError((error as Error).message, response.status);
  }
  return answer.voices.map(({ voice_id, name, preview_url, labels }) => ({ voice_id, name, preview_url, labels }));
}

type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface SpeechRequest {
  readonly voiceId: string;
  readonly text: string;
  readonly modelId: string;
  readonly outputFormat: OutputFormat;
  readonly voiceSettings: { readonly stability: number; readonly similarity_boost: number };
}

function audioQuery(outputFormat: OutputFormat): URLSearchParams {
  const query: AudioQuery = { output_format: outputFormat };
  return new URLSearchParams(query);
}

export function speechRequestBody(request: SpeechRequest): TextToSpeechRequest {
  return { text: request.text, model_id: request.modelId, voice_settings: { ...request.voiceSettings } };
}

/** Starts the provider's stream; the body is returned unread so audio flows on as it arrives. */
export async function streamSpeech(
  endpoint: ProviderEndpoint,
  request: SpeechRequest,
): Promise<ReadableStream<Uint8Array>> {
  const url = `${endpoint.baseUrl}/v1/text-to-speech/${encodeURIComponent(request.voiceId)}/stream?${audioQuery(request.outputFormat)}`;
  const response = await endpoint
    .fetch(
      new Request(url, {
        method: "POST",
        headers: { "xi-api-key": endpoint.apiKey, "content-type": "application/json", accept: "audio/mpeg" },
        body: JSON.stringify(speechRequestBody(request)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    )
    .catch((error: Error) => {
      throw new SpeechProviderError(`text-to-speech unreachable: ${error.message}`, 0);
    });
  if (!response.ok || !response.body) {
    throw new SpeechProviderError(
      `text-to-speech answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      response.status,
    );
  }
  return response.body;
}

export interface ConversionRequest {
  readonly voiceId: string;
  readonly audio: File;
  readonly modelId: string;
  readonly outputFormat: OutputFormat;
}

/** Speech-to-speech: the recording goes up as multipart, converted audio streams back. */
export async function streamConversion(
  endpoint: ProviderEndpoint,
  request: ConversionRequest,
): Promise<ReadableStream<Uint8Array>> {
  const form = new FormData();
  form.set("audio", request.audio, request.audio.name || "recording");
  form.set("model_id", request.modelId);
  const url = `${endpoint.baseUrl}/v1/speech-to-speech/${encodeURIComponent(request.voiceId)}/stream?${audioQuery(request.outputFormat)}`;
  const response = await endpoint
    .fetch(
      new Request(url, {
        method: "POST",
        headers: { "xi-api-key": endpoint.apiKey, accept: "audio/mpeg" },
        body: form,
        signal: AbortSignal.timeout(60_000),
      }),
    )
    .catch((error: Error) => {
      throw new SpeechProviderError(`speech-to-speech unreachable: ${error.message}`, 0);
    });
  if (!response.ok || !response.body) {
    throw new SpeechProviderError(
      `speech-to-speech answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      response.status,
    );
  }
  return response.body;
}
