import type {
  RenameSpeakersBody,
  SpeakerNames,
  TranscriptExportFormat,
} from "@worker/transcripts/contracts/transcript.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

/**
 * What every transcript with speakers offers under its own path (`/api/sentiment/:id`,
 * `/api/press-releases/:id`, `/api/live/transcripts/:id`): speaker names, exports, the recording.
 */

const speakerNamesAnswer = () =>
  import("@worker/transcripts/contracts/transcript.ts").then(({ speakerNamesSchema }) =>
    import("zod").then(({ z }) => z.object({ speaker_names: speakerNamesSchema })),
  );

/** Names a speaker (or, with `null`, gives back its default name); answers every name now set. */
export async function renameSpeaker(path: string, label: string, name: string | null): Promise<SpeakerNames> {
  const body: RenameSpeakersBody = { speakers: { [label]: name } };
  const answer = await apiRequest(`${path}/speakers`, { method: "PATCH", body, schema: speakerNamesAnswer });
  return answer.speaker_names;
}

/** The export as a file, named as the Worker names it. */
export async function fetchTranscriptExport(
  path: string,
  format: TranscriptExportFormat,
  fallbackName: string,
): Promise<{ blob: Blob; name: string }> {
  const response = await apiFetch(`${path}/export?format=${format}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: name ?? `${fallbackName}.${format}` };
}

const recordingUrlAnswer = schemaOf(() => import("@worker/transcripts/contracts/transcript.ts"), "recordingUrlSchema");

/**
 * An address the player streams the kept recording from as it plays (the recording itself needs
 * the bearer token, which an <audio src> cannot send), so a two-hour file is never fetched whole.
 */
export async function recordingUrl(path: string): Promise<string> {
  return (await apiRequest(`${path}/audio/url`, { method: "POST", schema: recordingUrlAnswer })).url;
}
