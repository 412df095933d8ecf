import { API } from "@contracts/api-paths.ts";
import { LANGUAGE_NAMES } from "@contracts/languages.ts";
import { isFinished } from "@worker/jobs/contracts/jobs.ts";
import { formatBytes } from "@worker/recordings/contracts/media.ts";
import type { Recording } from "@worker/recordings/contracts/recordings.ts";
import { UPLOAD_MAX_BYTES } from "@worker/recordings/contracts/upload-constants.ts";
import { recordingRefusal } from "@worker/transcripts/contracts/transcription-parts.ts";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { jobPath, startPressRelease, startPressReleaseFromUpload } from "../jobs/jobs-api.ts";
import { jobListKey, useJob, useJobs } from "../jobs/use-jobs.ts";
import { LanguagePicker, languageServed } from "../tools/language/language-picker.tsx";
import { useLanguage } from "../tools/language/use-language.ts";
import { MediaFilePicker, UploadProgress } from "../tools/media-file-picker.tsx";
import { reportToolError } from "../tools/report-tool-error.ts";
import { ResumableProgress } from "../tools/resumable-progress.tsx";
import { RESUMABLE_FROM_BYTES, useResumableUpload } from "../tools/resumable-upload.ts";
import { SubmitButton } from "../ui/form-fields.tsx";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { useModals } from "../ui/modal-context.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";

const RecordingPicker = lazyWhenShown(() => import("../recordings/recording-picker.tsx"), "RecordingPicker");
const PressReleaseList = lazyWhenShown(() => import("./press-release-list.tsx"), "PressReleaseList");
// The finished release's view (its editor and preview), which a first visit never shows.
const loadResult = () => import("./press-release-result.tsx");
const PressReleaseResult = lazyWhenShown(loadResult, "PressReleaseResult");

/** The job shown is in the address (`?release=id`), so a reload or a shared tab resumes it. */
const RELEASE_PARAM = "release";

/**
 * VoxRelease: upload a recording; a press release is written from it in the background, in English,
 * and on request also in the recording's language.
 */
export function PressReleaseTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const { canEdit } = useWorkspace();
  const selectedId = hydrated ? params.get(RELEASE_PARAM) : null;
  const [file, setFile] = useState<File | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const resumable = useResumableUpload();
  const [language, setLanguage, { carried }] = useLanguage("pressRelease");
  const [alsoInLanguage, setAlsoInLanguage] = useState(false);
  const uncuttable = recording
    ? recordingRefusal(language, { size: recording.bytes, type: recording.content_type })
    : file && recordingRefusal(language, file);
  const list = useJobs("press_release");
  const selected = useJob("press_release", selectedId);
  const selectedStatus = selected.data?.status;

  // The result's code travels while its job is fetched, not after.
  useEffect(() => {
    if (selectedId) void loadResult();
  }, [selectedId]);

  // A job that just finished changes the list's badges and storage; refresh it once.
  useEffect(() => {
    if (selectedStatus && isFinished(selectedStatus)) void mutate(jobListKey("press_release"));
  }, [selectedStatus, mutate]);

  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(RELEASE_PARAM, id);
        else next.delete(RELEASE_PARAM);
        return next;
      },
      { replace: true },
    );

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    const source = recording ?? file;
    if (!source) {
      setProblem("Choose a recording first.");
      return;
    }
    // The Language control and the file's note already say why.
    if (!languageServed("pressRelease", language) || uncuttable) return;
    if (!user) {
      openModal("login");
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const job = { language, alsoInLanguage: language !== "en" && alsoInLanguage };
      const { id } = !(source instanceof File)
        ? await startPressReleaseFromUpload(source.id, job)
        : source.size > RESUMABLE_FROM_BYTES
          ? await startPressReleaseFromUpload(await resumable.upload(source), job)
          : await startPressRelease(source, job, { onProgress: setProgress });
      setFile(null);
      setRecording(null);
      void mutate(API.recordings.mount);
      select(id);
      await Promise.all([mutate(jobPath("press_release", id)), mutate(jobListKey("press_release"))]);
    } catch (error) {
      reportToolError(error);
    } finally {
      setProgress(null);
      resumable.reset();
    }
  };

  const uploading = progress !== null;
  return (
    <>
      {/* A viewer reads, exports and downloads the workspace's releases, listed below, and writes none. */}
      {canEdit ? (
        <form className="form" onSubmit={start} noValidate>
          <LanguagePicker
            tool="pressRelease"
            carried={carried}
            value={language}
            onChange={setLanguage}
            hint={
              language === "en" ? undefined : "The release is written in English from a translation of the recording."
            }
          />
          {language !== "en" && languageServed("pressRelease", language) && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={alsoInLanguage}
                onChange={(event) => setAlsoInLanguage(event.target.checked)}
              />{" "}
              Also give the release in <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            </label>
          )}
          <MediaFilePicker
            label="Recording of the briefing, interview or speech"
            file={file}
            maxBytes={UPLOAD_MAX_BYTES}
            disabled={uploading}
            onChange={(chosen) => {
              setFile(chosen);
              setRecording(null);
              setProblem(null);
            }}
          />
          {user && (
            <RecordingPicker
              selected={recording}
              disabled={uploading}
              onChange={(chosen) => {
                setRecording(chosen);
                if (chosen) setFile(null);
                setProblem(null);
              }}
            />
          )}
          {(problem ?? uncuttable) && (
            <p className="field__error" role="alert">
              {problem ?? uncuttable}
            </p>
          )}
          <SubmitButton submitting={uploading}>Generate press release</SubmitButton>
          {resumable.state ? (
            <ResumableProgress state={resumable.state} onPause={resumable.pause} onResume={resumable.resume} />
          ) : (
            uploading && <UploadProgress fraction={progress} working="Starting…" />
          )}
          <p className="muted">
            Recordings count towards your plan's press release storage until you delete them (up to{" "}
            {formatBytes(UPLOAD_MAX_BYTES)} each; a large upload resumes where it stopped if the connection drops or the
            page reloads and you choose the same file again).
          </p>
        </form>
      ) : (
        <ViewerNote />
      )}
      {selected.data && <PressReleaseResult release={selected.data} />}
      {selected.error && !selected.data && (
        <p className="field__error" role="alert">
          That press release could not be loaded. It may have been deleted.
        </p>
      )}
      {list.data && (
        <PressReleaseList
          list={list.data}
          selectedId={selectedId}
          onSelect={select}
          onDeleted={(id) => {
            if (id === selectedId) select(null);
            void mutate(jobListKey("press_release"));
          }}
        />
      )}
    </>
  );
}
