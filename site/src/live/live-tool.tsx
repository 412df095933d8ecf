import { formatLiveTime } from "@worker/billing/contracts/usage-format.ts";
import { NEAR_LIVE_LANGUAGES, NEAR_LIVE_NOTE } from "@worker/live/contracts/live-constants.ts";
import { Mic, Square } from "lucide-react";
import { useStoredUser } from "../api/session.ts";
import { LanguagePicker, languageServed } from "../tools/language/language-picker.tsx";
import { useLanguage } from "../tools/language/use-language.ts";
import { formatElapsed } from "../tools/use-recorder.ts";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { useModals } from "../ui/modal-context.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { LiveTranscriptText } from "./live-transcript-text.tsx";
import { ShareCaptions } from "./share-captions.tsx";
import { TranscriptActions } from "./transcript-actions.tsx";
import { transcriptText } from "./transcript-export.ts";
import { useLiveTranscription } from "./use-live-transcription.ts";

const SavedTranscripts = lazyWhenShown(() => import("./saved-transcripts.tsx"), "SavedTranscripts");

function timeLeft(secondsLeft: number | null | undefined, elapsedMs: number, recording: boolean): string | null {
  if (secondsLeft === undefined) return null;
  if (secondsLeft === null) return "Unlimited live transcription on your plan";
  const left = Math.max(0, secondsLeft - (recording ? elapsedMs / 1000 : 0));
  return `${formatLiveTime(left)} of live transcription left this month`;
}

/** VoxScribe: live microphone transcription that survives drops, with saved transcripts and export. */
export function LiveTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const live = useLiveTranscription(Boolean(user));
  const { canEdit } = useWorkspace();
  const [language, setLanguage, { carried }] = useLanguage("live");
  // Continuing a session needs no new ticket, so only a new start waits for a served language.
  const blocked = !languageServed("live", language) && live.state !== "interrupted";
  const recording = live.state === "recording" || live.state === "reconnecting" || live.state === "stopping";
  const text = transcriptText(live.segments);
  const quota = timeLeft(live.secondsLeft, live.elapsedMs, recording);

  const start = () => {
    if (!user) {
      openModal("login");
      return;
    }
    // The picker already says why this language cannot be transcribed live.
    if (blocked) return;
    void live.start(language);
  };

  // A viewer opens, copies and exports the workspace's saved transcripts; recording and caption
  // links are an editor's.
  if (!canEdit) {
    return (
      <div className="form">
        <ViewerNote />
        {user && <SavedTranscripts />}
      </div>
    );
  }
  return (
    <div className="form">
      {!recording && (
        <LanguagePicker
          tool="live"
          carried={carried}
          value={language}
          onChange={setLanguage}
          hint="The language you will speak. Viewers of your caption link can read the captions in another."
        />
      )}
      {NEAR_LIVE_LANGUAGES.includes(language) && (
        <p className="field__hint" role="status">
          {NEAR_LIVE_NOTE}
        </p>
      )}
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
            disabled={live.state === "starting" || blocked}
            aria-busy={live.state === "starting"}
          >
            <Mic aria-hidden="true" size={18} />{" "}
            {live.state === "starting"
              ? "Connecting…"
              : live.state === "interrupted"
                ? "Continue recording"
                : "Start recording"}
          </button>
        )}
      </fieldset>
      {user && (
        <ShareCaptions
          sessionId={live.sessionId}
          recording={recording}
          sessionLive={recording || live.state === "interrupted"}
          starting={live.state === "starting"}
        />
      )}
      {live.state === "reconnecting" && (
        <p className="field__hint" role="status">
          Reconnecting… Keep talking: what you say is held and sent once the connection is back.
        </p>
      )}
      {live.state === "interrupted" && (
        <p className="field__hint" role="status">
          The page was reloaded during a recording. Continue recording to carry on; otherwise it is saved as it is
          within a minute.
        </p>
      )}
      {live.droppedSeconds > 0 && (
        <p className="field__hint">
          The connection was down for so long that the oldest {Math.round(live.droppedSeconds)} seconds of unsent audio
          were dropped.
        </p>
      )}
      {quota && <p className="field__hint">{quota}</p>}
      {live.problem && (
        <p className="field__error" role="alert">
          {live.problem}
        </p>
      )}
      <section className="transcript" aria-label="Transcript" aria-live="polite">
        <LiveTranscriptText
          segments={live.segments}
          interim={live.interim}
          placeholder={recording ? "Listening… start speaking." : "Your transcript appears here as you speak."}
        />
      </section>
      {live.state === "stopped" && text && <TranscriptActions segments={live.segments} name="vox-transcript" />}
      {user && <SavedTranscripts />}
    </div>
  );
}
