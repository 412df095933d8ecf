import { ApiError } from "../core/errors.ts";
import type { TranscriptExportFormat } from "./contracts/transcript.ts";
import { transcriptExportQuery } from "./contracts/transcript.ts";
import { toSrt, toVtt, transcriptCues, transcriptFileName, transcriptText } from "./contracts/transcript-formats.ts";
import type { ExportableTranscript } from "./exportable.ts";

const FORMATS = {
  txt: {
    type: "text/plain; charset=utf-8",
    body: async (t: ExportableTranscript) => transcriptText(t.utterances, t.names),
  },
  srt: {
    type: "application/x-subrip; charset=utf-8",
    body: async (t: ExportableTranscript) => toSrt(transcriptCues(t.utterances, t.names)),
  },
  vtt: {
    type: "text/vtt; charset=utf-8",
    body: async (t: ExportableTranscript) => toVtt(transcriptCues(t.utterances, t.names)),
  },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    // The docx package is large: loaded only when a document is asked for.
    body: async (t: ExportableTranscript) => (await import("./docx.ts")).transcriptDocx(t),
  },
} as const satisfies Record<TranscriptExportFormat, unknown>;

/** `?format=` of a transcript export; anything else is a 400 naming the formats. */
export function exportFormat(query: Record<string, string>): TranscriptExportFormat {
  const parsed = transcriptExportQuery.safeParse(query);
  if (parsed.success) return parsed.data.format;
  const message = "format is one of txt, srt, vtt, docx";
  throw new ApiError(400, "validation_failed", message, { format: [message] });
}

/** The transcript as a file, named after its title and day. */
export async function transcriptDownload(
  format: TranscriptExportFormat,
  transcript: ExportableTranscript | undefined,
): Promise<Response> {
  if (!transcript) {
    throw new ApiError(409, "transcript_not_ready", "There is no transcript with speakers to download yet.");
  }
  const { type, body } = FORMATS[format];
  const name = transcriptFileName(transcript.title, transcript.createdAt, format);
  return new Response(await body(transcript), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
