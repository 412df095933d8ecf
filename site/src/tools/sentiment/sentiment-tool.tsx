import type { SentimentReport } from "@contracts/sentiment.ts";
import { SENTIMENT_MAX_BYTES } from "@contracts/sentiment.ts";
import { FileText } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useStoredUser } from "../../account/session.ts";
import { analyseRecording } from "../../api/analysis.ts";
import { useModals } from "../../app/modals.tsx";
import { errorMessage, SubmitButton } from "../../ui/form-fields.tsx";
import { TOAST_MS } from "../../ui/toast-timing.ts";
import { MediaFilePicker, UploadProgress } from "../media-file-picker.tsx";
import { isAnsweredByClient } from "../report-tool-error.ts";
import { SentimentReportDialog } from "./sentiment-report-dialog.tsx";

/** Vox Sentiment: upload a recording, get its transcript, sentiment, topics, intents and summary. */
export function SentimentTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ report: SentimentReport; fileName: string } | null>(null);
  const [reportOpen, setReportOpen] = useState(false);

  const analyse = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast.error("No file selected", { duration: TOAST_MS });
      return;
    }
    if (!user) {
      openModal("login");
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const report = await analyseRecording(file, { onProgress: setProgress });
      setResult({ report, fileName: file.name });
      setReportOpen(true);
      toast.success("Audio Transcribe Successfully", { duration: TOAST_MS });
    } catch (error) {
      if (!isAnsweredByClient(error)) {
        toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <form className="form" onSubmit={analyse} noValidate>
      <MediaFilePicker
        label="Recording"
        file={file}
        maxBytes={SENTIMENT_MAX_BYTES}
        disabled={busy}
        onChange={setFile}
      />
      <SubmitButton submitting={busy}>Use Vox Sentiment</SubmitButton>
      {busy && <UploadProgress fraction={progress} working="Transcribing and analysing…" />}
      {result && !busy && (
        <button type="button" className="button button--ghost" onClick={() => setReportOpen(true)}>
          <FileText aria-hidden="true" size={18} /> View report for {result.fileName}
        </button>
      )}
      {result && reportOpen && (
        <SentimentReportDialog report={result.report} fileName={result.fileName} onClose={() => setReportOpen(false)} />
      )}
    </form>
  );
}
