import { TRANSCRIPT_EXPORT_FORMATS, type TranscriptExportFormat } from "@worker/transcripts/contracts/transcript.ts";
import { Download } from "lucide-react";
import { useState } from "react";
import { downloadBlob } from "../ui/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";

export type ExportTranscript = (format: TranscriptExportFormat) => Promise<{ blob: Blob; name: string }>;

/** TXT, SRT, VTT and DOCX of the transcript with its speakers' names, as the Worker writes them. */
export function TranscriptExports({ exportAs }: { exportAs: ExportTranscript }) {
  const [busy, setBusy] = useState<TranscriptExportFormat | null>(null);
  const save = async (format: TranscriptExportFormat) => {
    setBusy(format);
    try {
      const file = await exportAs(format);
      downloadBlob(file.blob, file.name);
    } catch (error) {
      toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
    } finally {
      setBusy(null);
    }
  };
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
