import type { Language } from "@contracts/languages.ts";
import { apiFetch, apiRequest, messageResponse, schemaOf } from "./client.ts";

/** Voices, speech generation, voice conversion and the audio history. */

const tts = () => import("@worker/speech/contracts/tts.ts");

export const voicesPath = (language: Language) => `/api/tts/voices?language=${language}`;

export const fetchVoices = (path: string) => apiRequest(path, { schema: schemaOf(tts, "voicesResponse") });

export const generateSpeech = (text: string, voiceId: string, language: Language, signal?: AbortSignal) =>
  apiFetch("/api/tts", { body: { text, voice_id: voiceId, language }, ...(signal ? { signal } : {}) });

export const addToneMarks = (text: string) =>
  apiRequest("/api/tts/tone-marks", { body: { text }, schema: schemaOf(tts, "toneMarksResponse") });

export function convertVoice(audio: Blob, filename: string, voiceId: string, language: Language): Promise<Response> {
  const form = new FormData();
  form.set("audio", audio, filename);
  form.set("voice_id", voiceId);
  form.set("language", language);
  return apiFetch("/api/voice-conversion", { body: form });
}

export const fetchHistory = () => apiRequest("/api/history", { schema: schemaOf(tts, "historyResponse") });

/** Audio needs the bearer token, which an <audio src> cannot send, so it is fetched as a blob. */
export async function fetchAudioBlob(id: string): Promise<Blob> {
  const response = await apiFetch(`/api/audio/${encodeURIComponent(id)}`);
  return response.blob();
}

export const deleteAudio = (id: string) =>
  apiRequest(`/api/audio/${encodeURIComponent(id)}`, { method: "DELETE", schema: messageResponse });
