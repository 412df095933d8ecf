import { ApiError } from "../core/errors.ts";
import type { RenameSpeakersBody, Utterance } from "./contracts/transcript.ts";

/**
 * A rename, checked against the transcript it names speakers of, as the JSON merge patch the
 * stores apply (`json_patch`: a null removes a name). Only labels that speak in the transcript
 * can be named, so the names stay as small as the transcript's speakers.
 */
export function speakerNamesPatch(utterances: readonly Utterance[] | undefined, body: RenameSpeakersBody): string {
  if (!utterances) {
    throw new ApiError(409, "transcript_not_ready", "There is no transcript with speakers to rename yet.");
  }
  const labels = new Set(utterances.map((utterance) => utterance.speaker));
  const unknown = Object.keys(body.speakers).filter((label) => !labels.has(label));
  if (unknown.length > 0) {
    const message = `No speaker ${unknown.map((label) => `"${label}"`).join(", ")} in this transcript.`;
    throw new ApiError(400, "unknown_speaker", message, { speakers: [message] });
  }
  return JSON.stringify(body.speakers);
}
