import { z } from "zod";
import {
  type DiacriticsRequest,
  errorBody,
  type SpeechRequest,
  type SpitchVoice,
  segment,
  type TranscriptionFields,
  type TranslateRequest,
  textAnswer,
  transcriptionAnswer,
} from "./contracts/spitch.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson, providerStream } from "./provider-error.ts";

/** Spitch speech, transcription, translation and Yorùbá tone marks, with a bearer key. */

export class SpitchError extends ProviderError {
  override name = "SpitchError";
}

const spitch: ProviderAdapter = {
  provider: "spitch",
  auth: (endpoint) => ({ authorization: `Bearer ${endpoint.apiKey}` }),
  timeoutMs: 20_000,
  errorClass: SpitchError,
  refusalDetail: (body) => errorBody.safeParse(body).data?.error.message,
};

interface SpitchSpeech {
  readonly voice: SpitchVoice;
  readonly text: string;
  readonly language: string;
}

export function speechRequestBody(request: SpitchSpeech): SpeechRequest {
  return { text: request.text, voice: request.voice, language: request.language, format: "mp3" };
}

/** MP3 as it is generated; the body is handed on unread. */
export function streamSpitchSpeech(endpoint: ProviderEndpoint, request: SpitchSpeech) {
  return providerStream(spitch, endpoint, {
    what: "speech",
    path: "/v1/speech",
    headers: { accept: "audio/mpeg" },
    json: speechRequestBody(request),
  });
}

interface SpitchTranscription {
  readonly audio: Blob;
  readonly language: string;
  /** Names and terms the recogniser should expect (the account's vocabulary). */
  readonly specialWords?: readonly string[];
  readonly timestamp?: NonNullable<TranscriptionFields["timestamp"]>;
  /** How long to wait for the answer; a recording's job waits two minutes, a live correction far less. */
  readonly timeoutMs?: number;
}

export function transcriptionForm(request: SpitchTranscription): FormData {
  const fields: TranscriptionFields = {
    language: request.language,
    timestamp: request.timestamp ?? "sentence",
    ...(request.specialWords?.length ? { special_words: request.specialWords.join(",") } : {}),
  };
  const form = new FormData();
  form.set("content", request.audio, "recording");
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return form;
}

const neededTranscription = z.object({ text: z.string(), segments: z.array(segment).nullish() });

export function transcribe(endpoint: ProviderEndpoint, request: SpitchTranscription) {
  return providerJson(
    spitch,
    endpoint,
    {
      what: "transcription",
      path: "/v1/transcriptions",
      body: transcriptionForm(request),
      timeoutMs: request.timeoutMs ?? 120_000,
    },
    { documented: transcriptionAnswer, needed: neededTranscription },
  );
}

/** Translation and tone marks: JSON in, `{request_id, text}` out. */
async function textCall(endpoint: ProviderEndpoint, what: string, path: string, json: object): Promise<string> {
  const answer = await providerJson(
    spitch,
    endpoint,
    { what, path, json },
    { documented: textAnswer, needed: textAnswer },
  );
  return answer.text;
}

export const translate = (endpoint: ProviderEndpoint, request: TranslateRequest) =>
  textCall(endpoint, "translation", "/v1/translate", request);

/** Yorùbá only, as the provider states. */
export const addToneMarks = (endpoint: ProviderEndpoint, request: DiacriticsRequest) =>
  textCall(endpoint, "tone marks", "/v1/diacritics", request);
