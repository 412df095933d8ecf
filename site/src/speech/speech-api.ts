import { API, pathOf } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import { apiFetch, apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** Voices, speech generation, voice conversion and the audio history. */

const tts = () => import("@worker/speech/contracts/tts.ts");

export const voicesPath = (language: Language) => `${API.tts.path.voices}?language=${language}`;

export const fetchVoices = (path: string) => apiRequest(path, { schema: schemaOf(tts, "voicesResponse") });

export const generateSpeech = (text: string, voiceId: string, language: Language, signal?: AbortSignal) =>
  apiFetch(API.tts.path.speak, { body: { text, voice_id: voiceId, language }, ...(signal ? { signal } : {}) });

export const addToneMarks = (text: string) =>
  apiRequest(API.tts.path.toneMarks, { body: { text }, schema: schemaOf(tts, "toneMarksResponse") });

export function convertVoice(audio: Blob, filename: string, voiceId: string, language: Language): Promise<Response> {
  const form = new FormData();
  form.set("audio", audio, filename);
  form.set("voice_id", voiceId);
  form.set("language", language);
  return apiFetch(API.voiceConversion.path.convert, { body: form });
}

export const fetchHistory = () => apiRequest(API.history.path.list, { schema: schemaOf(tts, "historyResponse") });

/** Audio needs the bearer token, which an <audio src> cannot send, so it is fetched as a blob. */
export async function fetchAudioBlob(id: string): Promise<Blob> {
  const response = await apiFetch(pathOf(API.audio.path.item, { id }));
  return response.blob();
}

export const deleteAudio = (id: string) =>
  apiRequest(pathOf(API.audio.path.item, { id }), { method: "DELETE", schema: messageResponse });
