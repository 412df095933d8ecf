import type { z } from "zod";
import { providerVoicesResponse } from "../speech/contracts/tts.ts";
import {
  type AudioQuery,
  type OUTPUT_FORMATS,
  statusError,
  type TextToSpeechRequest,
  voicesAnswer,
} from "./contracts/elevenlabs.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson, providerStream } from "./provider-error.ts";

/** ElevenLabs voices and streaming text-to-speech, with the key in the `xi-api-key` header. */

export class SpeechProviderError extends ProviderError {
  override name = "SpeechProviderError";
}

const elevenlabs: ProviderAdapter = {
  provider: "elevenlabs",
  auth: (endpoint) => ({ "xi-api-key": endpoint.apiKey }),
  timeoutMs: 15_000,
  errorClass: SpeechProviderError,
  refusalDetail: (body) => statusError.safeParse(body).data?.detail.message,
};

export type ProviderVoice = z.infer<typeof providerVoicesResponse>["voices"][number];

export async function listVoices(endpoint: ProviderEndpoint): Promise<ProviderVoice[]> {
  const answer = await providerJson(
    elevenlabs,
    endpoint,
    { what: "voices", path: "/v1/voices" },
    { documented: voicesAnswer, needed: providerVoicesResponse },
  );
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
  return providerStream(elevenlabs, endpoint, {
    what: "text-to-speech",
    path: `/v1/text-to-speech/${encodeURIComponent(request.voiceId)}/stream?${audioQuery(request.outputFormat)}`,
    headers: { accept: "audio/mpeg" },
    json: speechRequestBody(request),
  });
}

interface ConversionRequest {
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
  return providerStream(elevenlabs, endpoint, {
    what: "speech-to-speech",
    path: `/v1/speech-to-speech/${encodeURIComponent(request.voiceId)}/stream?${audioQuery(request.outputFormat)}`,
    headers: { accept: "audio/mpeg" },
    body: form,
    timeoutMs: 60_000,
  });
}
