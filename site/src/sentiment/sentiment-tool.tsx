import { API } from "@contracts/api-paths.ts";
import type { Recording } from "@worker/recordings/contracts/recordings.ts";
import { UPLOAD_MAX_BYTES } from "@worker/recordings/contracts/upload-constants.ts";
import type { SentimentJob, SentimentReport } from "@worker/reports/contracts/sentiment.ts";
import { recordingRefusal } from "@worker/transcripts/contracts/transcription-parts.ts";
import { FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { analyseRecording, fetchJob, startSentimentFromUpload } from "../jobs/jobs-api.ts";
import { jobListKey, useJob, useJobs } from "../jobs/use-jobs.ts";
import { LanguagePicker, languageServed } from "../tools/language/language-picker.tsx";
import { useLanguage } from "../tools/language/use-language.ts";
import { MediaFilePicker, UploadProgress } from "../tools/media-file-picker.tsx";
import { isAnsweredByClient } from "../tools/report-tool-error.ts";
import { ResumableProgress } from "../tools/resumable-progress.tsx";
import { RESUMABLE_FROM_BYTES, useResumableUpload } from "../tools/resumable-upload.ts";
import { errorMessage, SubmitButton } from "../ui/form-fields.tsx";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
// A type only: the dialog's code still loads when it is first shown.
import type { ReportJob } from "./sentiment-report-dialog.tsx";

const reportJob = (job: SentimentJob): ReportJob => ({
  id: job.id,
  recordingKept: job.recording_kept,
  speakerNames: job.speaker_names,
});

const RecordingPicker = lazyWhenShown(() => import("../recordings/recording-picker.tsx"), "RecordingPicker");
const SentimentHistory = lazyWhenShown(() => import("./sentiment-history.tsx"), "SentimentHistory");
const SentimentReportDialog = lazyWhenShown(() => import("./sentiment-report-dialog.tsx"), "SentimentReportDialog");

/**
 * Vox Sentiment: upload a recording, get its transcript, sentiment, topics, intents and summary; a
 * recording in Yorùbá, Hausa or Igbo also gets the English translation the analyses were made on.
 * A small file is answered at once; a large one goes up resumably and becomes a report job, shown
 * when it completes. Every report is kept and listed with the past ones.
 */
export function SentimentTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { mutate } = useSWRConfig();
  const resumable = useResumableUpload();
  const jobs = useJobs("sentiment");
  const { canEdit } = useWorkspace();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const waiting = useJob("sentiment", waitingFor);
  const waitingJob = waiting.data;

  useEffect(() => {
    if (!waitingJob || waitingJob.status === "queued" || waitingJob.status === "processing") return;
    setWaitingFor(null);
    void mutate(jobListKey("sentiment"));
    if (waitingJob.report) {
      setResult({ report: waitingJob.report, fileName: waitingJob.file_name, job: reportJob(waitingJob) });
      setReportOpen(true);
      toast.success("Audio Transcribe Successfully", { duration: TOAST_MS });
    } else {
      toast.error("Error", { description: waitingJob.error ?? "The report could not be made.", duration: TOAST_MS });
    }
  }, [waitingJob, mutate]);

  const open = async (id: string) => {
    try {
      const job = await fetchJob("sentiment", id);
      if (job.report) {
        setResult({ report: job.report, fileName: job.file_name, job: reportJob(job) });
        setReportOpen(true);
      }
    } catch (error) {
      toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
    }
  };
  const [file, setFile] = useState<File | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ report: SentimentReport; fileName: string; job?: ReportJob } | null>(null);
  const [reportOpen, setReportOpen] = useState(false);

  const [language, setLanguage, { carried }] = useLanguage("sentiment");
  const uncuttable = recording
    ? recordingRefusal(language, { size: recording.bytes, type: recording.content_type })
    : file && recordingRefusal(language, file);

  const analyse = async (event: React.FormEvent) => {
    event.preventDefault();
    const source = recording ?? file;
    if (!source) {
      toast.error("No file selected", { duration: TOAST_MS });
      return;
    }
    // The Language control and the file's note already say why.
    if (!languageServed("sentiment", language) || uncuttable) return;
    if (!user) {
      openModal("login");
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      if (!(source instanceof File) || source.size > RESUMABLE_FROM_BYTES) {
        const uploadId = source instanceof File ? await resumable.upload(source) : source.id;
        const { id } = await startSentimentFromUpload(uploadId, { language });
        setWaitingFor(id);
        setRecording(null);
        void mutate(jobListKey("sentiment"));
        void mutate(API.recordings.mount);
        return;
      }
      const { report, id, recordingKept } = await analyseRecording(source, { language }, { onProgress: setProgress });
      void mutate(jobListKey("sentiment"));
      // A kept recording counts towards storage, which the recordings list shows.
      if (recordingKept) void mutate(API.recordings.mount);
      setResult({ report, fileName: source.name, ...(id ? { job: { id, recordingKept } } : {}) });
      setReportOpen(true);
      toast.success("Audio Transcribe Successfully", { duration: TOAST_MS });
    } catch (error) {
      if (!isAnsweredByClient(error)) {
        toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
      }
    } finally {
      setBusy(false);
      setProgress(null);
      resumable.reset();
    }
  };

  return (
    <>
      <form className="form" onSubmit={analyse} noValidate>
        {/* A viewer opens and exports the workspace's reports, listed below, and starts none. */}
        {canEdit ? (
          <>
            <LanguagePicker tool="sentiment" carried={carried} value={language} onChange={setLanguage} />
            <MediaFilePicker
              label="Recording"
              file={file}
              maxBytes={UPLOAD_MAX_BYTES}
              disabled={busy}
              onChange={(chosen) => {
                setFile(chosen);
                setRecording(null);
              }}
            />
            {user && (
              <RecordingPicker
                selected={recording}
                disabled={busy}
                onChange={(chosen) => {
                  setRecording(chosen);
                  if (chosen) setFile(null);
                }}
              />
            )}
            {uncuttable && (
              <p className="field__error" role="alert">
                {uncuttable}
              </p>
            )}
            <SubmitButton submitting={busy}>Use Vox Sentiment</SubmitButton>
            {resumable.state ? (
              <ResumableProgress state={resumable.state} onPause={resumable.pause} onResume={resumable.resume} />
            ) : (
              busy && <UploadProgress fraction={progress} working="Transcribing and analysing…" />
            )}
          </>
        ) : (
          <ViewerNote />
        )}
        {waitingFor && <UploadProgress fraction={null} working="Transcribing and analysing…" />}
        {result && !busy && (
          <button type="button" className="button button--ghost" onClick={() => setReportOpen(true)}>
            <FileText aria-hidden="true" size={18} /> View report for {result.fileName}
          </button>
        )}
        {result && reportOpen && (
          <SentimentReportDialog
            report={result.report}
            fileName={result.fileName}
            job={result.job}
            onClose={() => setReportOpen(false)}
          />
        )}
      </form>
      {jobs.data && (
        <SentimentHistory
          list={jobs.data}
          onOpen={(id) => void open(id)}
          onDeleted={() => void mutate(jobListKey("sentiment"))}
        />
      )}
    </>
  );
}
