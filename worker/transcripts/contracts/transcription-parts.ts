import { LANGUAGE_NAMES, type Language } from "../../contracts/languages.ts";
import { formatBytes } from "../../recordings/contracts/media.ts";

/**
 * Spitch transcribes files of at most 25 MB (docs.spitch.app). A longer recording in Yorùbá,
 * Hausa or Igbo is cut into parts below that, each transcribed on its own, and their sentences
 * stitched with continuous timestamps. WAV and MP3 can be cut exactly in a Worker (PCM frames,
 * MPEG frames); other containers (M4A, OGG, WebM, MP4) cannot without decoding, so above the limit
 * they are refused before the upload starts. Shared by the site (which says so before uploading)
 * and the Worker's intake (which refuses the same).
 */

/** Below Spitch's limit however "MB" is read (10^6 or 2^20 bytes), with room to spare. */
export const TRANSCRIPTION_PART_MAX_BYTES = 24_000_000;

const SPLITTABLE_TYPES = ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "audio/mpeg", "audio/mp3"];

export function isSplittableRecording(type: string): boolean {
  return SPLITTABLE_TYPES.includes(type.toLowerCase());
}

/** Why a recording cannot be transcribed in `language`, or null when it can (in parts if need be). */
export function recordingRefusal(language: Language, recording: { size: number; type: string }): string | null {
  if (language === "en" || recording.size <= TRANSCRIPTION_PART_MAX_BYTES) return null;
  if (isSplittableRecording(recording.type)) return null;
  return `Recordings in ${LANGUAGE_NAMES[language]} over ${formatBytes(TRANSCRIPTION_PART_MAX_BYTES)} must be WAV or MP3, which Vox cuts into parts for transcription. Convert this file to MP3, or send a shorter recording.`;
}
