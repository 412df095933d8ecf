import { Copy, FileText, Mic, Square, Subtitles } from "lucide-react";
import { useStoredUser } from "../../account/session.ts";
import { useModals } from "../../app/modals.tsx";
import { formatElapsed } from "../audio/use-recorder.ts";
import { copyText } from "../copy-text.ts";
import { downloadText } from "../download.ts";
import { toSrt, transcriptText } from "./transcript-export.ts";
import { useLiveTranscription } from "./use-live-transcription.ts";

function minutesLeft(secondsLeft: number | null | undefined, elapsedMs: number, recording: boolean): string | null {
  if (secondsLeft === undefined) return null;
  if (secondsLeft === null) return "Unlimited live transcription on your plan";
  const left = Math.max(0, secondsLeft - (recording ? elapsedMs / 1000 : 0));
  const minutes = Math.floor(left / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"} of live transcription left this month`;
}

/** VoxScribe: live microphone transcription with copy and TXT/SRT export. */
export function VoxScribeTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const live = useLiveTranscription(Boolean(user));
  const recording = live.state === "recording" || live.state === "stopping";
  const text = transcriptText(live.segments);
  const quota = minutesLeft(live.secondsLeft, live.elapsedMs, recording);

  const start = () => {
    if (!user) {
      openModal("login");
      return;
    }
    void live.start();
  };

  const copy = () => copyText(text, "Transcript copied", "Select the text and copy it instead.");

  return (
    <div className="form">
      <fieldset className="recorder" aria-label="Live transcription controls">
        {recording ? (
          <>
            <span className="recorder__dot" aria-hidden="true" />
            <span>
              Recording <span className="transcript__elapsed">{formatElapsed(live.elapsedMs)}</span>
            </span>
            <meter className="recorder__level" min={0} max={1} value={live.level} aria-label="Input level" />
            <button
              type="button"
              className="button button--danger"
              onClick={() => void live.stop()}
              disabled={live.state === "stopping"}
            >
              <Square aria-hidden="true" size={16} /> Stop recording
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={start}
            disabled={live.state === "starting"}
            aria-busy={live.state === "starting"}
          >
            <Mic aria-hidden="true" size={18} /> {live.state === "starting" ? "Connecting…" : "Start recording"}
          </button>
        )}
      </fieldset>
      {quota && <p className="field__hint">{quota}</p>}
      {live.problem && (
        <p className="field__error" role="alert">
          {live.problem}
        </p>
      )}
      <section className="transcript" aria-label="Transcript" aria-live="polite">
        {text || live.interim ? (
          <p>
            {text}
            {live.interim && <span className="transcript__interim"> {live.interim}</span>}
          </p>
        ) : (
          <p className="muted">
            {recording ? "Listening… start speaking." : "Your transcript appears here as you speak."}
          </p>
        )}
      </section>
      {live.state === "stopped" && text && (
        <div className="button-row">
          <button type="button" className="button button--ghost" onClick={() => void copy()}>
            <Copy aria-hidden="true" size={16} /> Copy
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => downloadText(`${text}\n`, "vox-transcript.txt")}
          >
            <FileText aria-hidden="true" size={16} /> Export TXT
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => downloadText(toSrt(live.segments), "vox-transcript.srt", "application/x-subrip")}
          >
            <Subtitles aria-hidden="true" size={16} /> Export SRT
          </button>
        </div>
      )}
    </div>
  );
}
