import { datedFileName } from "@contracts/dated-file-name.ts";
import { VOICE_CONVERSION_MAX_BYTES } from "@worker/speech/contracts/tts-constants.ts";
import { Download, Mic, Square, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { LanguagePicker, languageServed } from "../tools/language/language-picker.tsx";
import { useLanguage } from "../tools/language/use-language.ts";
import { reportToolError } from "../tools/report-tool-error.ts";
import { formatElapsed, useRecorder } from "../tools/use-recorder.ts";
import { downloadBlob } from "../ui/download.ts";
import { SubmitButton } from "../ui/form-fields.tsx";
import { useModals } from "../ui/modal-context.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { convertVoice } from "./speech-api.ts";
import { refreshHistoryUntil } from "./use-history.ts";
import { VoicePicker } from "./voice-picker.tsx";

function useObjectUrl(blob: Blob | null): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** VoxOver: upload or record audio, choose a voice, convert, compare and download. */
export function VoiceConversionTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { mutate } = useSWRConfig();
  const recorder = useRecorder();
  const { canEdit } = useWorkspace();
  const [language, setLanguage, { carried }] = useLanguage("voiceConversion");
  const [upload, setUpload] = useState<File | null>(null);
  const [voiceId, setVoiceId] = useState("");
  const [problems, setProblems] = useState<{ audio?: string; voice?: string }>({});
  const [busy, setBusy] = useState(false);
  const [converted, setConverted] = useState<Blob | null>(null);
  const [convertedName, setConvertedName] = useState("voice.mp3");
  const source = upload ?? recorder.recording;
  const sourceUrl = useObjectUrl(source);
  const convertedUrl = useObjectUrl(converted);

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("audio/")) {
      setProblems({ audio: "Choose an audio file (MP3, WAV, M4A, OGG or WebM)." });
      return;
    }
    if (file.size > VOICE_CONVERSION_MAX_BYTES) {
      setProblems({ audio: "That file is larger than 25 MB. Trim it or choose a shorter one." });
      return;
    }
    recorder.discard();
    setProblems({});
    setUpload(file);
  };

  const discard = () => {
    setUpload(null);
    recorder.discard();
    setConverted(null);
  };

  const convert = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(source ? {} : { audio: "Upload or record some audio first." }),
      ...(voiceId ? {} : { voice: "Choose a voice" }),
    };
    setProblems(found);
    if (!source || Object.keys(found).length || !languageServed("voiceConversion", language)) return;
    if (!user) {
      openModal("login");
      return;
    }
    setBusy(true);
    setConverted(null);
    try {
      const sourceName = upload?.name ?? "recording.webm";
      const response = await convertVoice(source, sourceName, voiceId, language);
      setConverted(await response.blob());
      setConvertedName(
        datedFileName(`${sourceName.replace(/\.[^.]+$/, "")} converted`, new Date().toISOString(), "mp3", "voice"),
      );
      await refreshHistoryUntil(mutate, response.headers.get("x-vox-audio-id"));
    } catch (error) {
      reportToolError(error);
    } finally {
      setBusy(false);
    }
  };

  // A viewer replays and downloads the workspace's speech below; making more is an editor's.
  if (!canEdit) return <ViewerNote />;
  return (
    <form className="form" onSubmit={convert} noValidate>
      <div className="field">
        <span className="field__label" id="voxover-audio">
          Your audio
        </span>
        {recorder.state === "recording" ? (
          <fieldset className="recorder" aria-labelledby="voxover-audio">
            <span className="recorder__dot" aria-hidden="true" />
            <span aria-live="polite">Recording {formatElapsed(recorder.elapsedMs)}</span>
            <meter className="recorder__level" min={0} max={1} value={recorder.level} aria-label="Input level" />
            <button type="button" className="button button--danger" onClick={recorder.stop}>
              <Square aria-hidden="true" size={16} /> Stop recording
            </button>
          </fieldset>
        ) : source ? (
          <fieldset className="recorder" aria-labelledby="voxover-audio">
            <span className="result__label">Original</span>
            {/* biome-ignore lint/a11y/useMediaCaption: the user's own recording has no captions */}
            <audio src={sourceUrl} controls aria-label="Original audio" className="result__player" />
            <button type="button" className="icon-button" aria-label="Discard this audio" onClick={discard}>
              <X aria-hidden="true" size={20} />
            </button>
          </fieldset>
        ) : (
          <fieldset className="recorder recorder--choice" aria-labelledby="voxover-audio">
            <button type="button" className="button button--ghost" onClick={recorder.start}>
              <Mic aria-hidden="true" size={18} /> Record with microphone
            </button>
            <span className="muted">or</span>
            <label className="button button--ghost file-button">
              Upload audio
              <input
                type="file"
                accept="audio/*"
                className="visually-hidden"
                onChange={(event) => chooseFile(event.target.files?.[0])}
              />
            </label>
          </fieldset>
        )}
        <p className="field__hint">MP3, WAV, M4A, OGG or WebM, up to 25 MB.</p>
        {(problems.audio ?? recorder.problem) && (
          <p className="field__error" role="alert">
            {problems.audio ?? recorder.problem}
          </p>
        )}
      </div>
      <LanguagePicker tool="voiceConversion" carried={carried} value={language} onChange={setLanguage} />
      <VoicePicker language="en" value={voiceId} onChange={setVoiceId} error={problems.voice} />
      <SubmitButton submitting={busy}>Convert</SubmitButton>
      {converted && (
        <div className="result">
          <span className="result__label">Converted</span>
          {/* biome-ignore lint/a11y/useMediaCaption: converted speech has no caption track */}
          <audio src={convertedUrl} controls aria-label="Converted audio" className="result__player" />
          <button type="button" className="button button--ghost" onClick={() => downloadBlob(converted, convertedName)}>
            <Download aria-hidden="true" size={18} /> Download mp3
          </button>
        </div>
      )}
    </form>
  );
}
