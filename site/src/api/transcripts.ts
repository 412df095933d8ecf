import type { RenameSpeakersBody, SpeakerNames, TranscriptExportFormat } from "@contracts/transcript.ts";
import { apiFetch, apiRequest } from "./client.ts";

/**
 * What every transcript with speakers offers under its own path (`/api/sentiment/:id`,
 * `/api/press-releases/:id`, `/api/live/transcripts/:id`): speaker names, exports, the recording.
 */

const speakerNamesAnswer = () =>
  import("@contracts/transcript.ts").then(({ speakerNamesSchema }) =>
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

/** The kept recording: it needs the bearer token, which an <audio src> cannot send. */
export async function fetchRecording(path: string): Promise<Blob> {
  return (await apiFetch(`${path}/audio`)).blob();
}
