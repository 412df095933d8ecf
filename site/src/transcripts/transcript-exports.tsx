import { TRANSCRIPT_EXPORT_FORMATS, type TranscriptExportFormat } from "@worker/transcripts/contracts/transcript.ts";
import { Download } from "lucide-react";
import { type FetchedFile, useFileDownload } from "../ui/download.ts";

export type ExportTranscript = (format: TranscriptExportFormat) => Promise<FetchedFile>;

/** TXT, SRT, VTT and DOCX of the transcript with its speakers' names, as the Worker writes them. */
export function TranscriptExports({ exportAs }: { exportAs: ExportTranscript }) {
  const { busy, save } = useFileDownload(exportAs);
  return (
    <fieldset className="transcript__exports">
      <legend className="transcript__exports-legend">Export the transcript</legend>
      {TRANSCRIPT_EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button--ghost button--small"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void save(format)}
        >
          <Download aria-hidden="true" size={16} /> {format.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
