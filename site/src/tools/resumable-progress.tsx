import { formatBytes } from "@worker/recordings/contracts/media.ts";
import { Pause, Play } from "lucide-react";
import type { UploadState } from "./resumable-upload.ts";

function timeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min left`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min left`;
}

/** Progress of a resumable upload: percentage, speed, time left, and a pause/resume button. */
export function ResumableProgress({
  state,
  onPause,
  onResume,
}: {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
}) {
  const percent = Math.floor(state.fraction * 100);
  const detail = state.paused
    ? "Paused"
    : state.retrying
      ? "Connection lost, retrying…"
      : [
          state.bytesPerSecond ? `${formatBytes(state.bytesPerSecond)}/s` : null,
          state.secondsLeft !== null ? timeLeft(state.secondsLeft) : null,
        ]
          .filter(Boolean)
          .join(" · ");
  return (
    <div className="upload-progress" role="status">
      <progress className="upload-progress__bar" max={1} value={state.fraction} aria-label={`Uploading ${percent}%`} />
      <span>
        Uploading {percent}%{detail ? ` · ${detail}` : ""}
        {state.resumed ? " · resumed where it stopped" : ""}
      </span>
      <button type="button" className="button button--ghost" onClick={state.paused ? onResume : onPause}>
        {state.paused ? (
          <>
            <Play aria-hidden="true" size={16} /> Resume upload
          </>
        ) : (
          <>
            <Pause aria-hidden="true" size={16} /> Pause upload
          </>
        )}
      </button>
    </div>
  );
}
