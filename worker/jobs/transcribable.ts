import type { Language } from "../contracts/languages.ts";
import { ApiError } from "../core/errors.ts";
import { recordingRefusal } from "../transcripts/contracts/transcription-parts.ts";

/**
 * Refuses, before anything is stored or sent, a recording the job could not transcribe in its
 * language: over the provider's upload limit in a format that cannot be cut into parts.
 */
export function requireTranscribable(language: Language, recording: { size: number; type: string }): void {
  const refusal = recordingRefusal(language, recording);
  if (refusal) throw new ApiError(413, "recording_too_large_for_language", refusal, { file: [refusal] });
}
