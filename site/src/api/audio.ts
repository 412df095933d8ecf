import { apiFetch, apiRequest, messageResponse, schemaOf } from "./client.ts";

/** Voices, speech generation, voice conversion and the audio history. */

const tts = () => import("@contracts/tts.ts");

export const fetchVoices = () => apiRequest("/api/tts/voices", { schema: schemaOf(tts, "voicesResponse") });

export const generateSpeech = (text: string, voiceId: string, signal?: AbortSignal) =>
  apiFetch("/api/tts", { body: { text, voice_id: voiceId }, ...(signal ? { signal } : {}) });

export function convertVoice(audio: Blob, filename: string, voiceId: string): Promise<Response> {
  const form = new FormData();
  form.set("audio", audio, filename);
  form.set("voice_id", voiceId);
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
