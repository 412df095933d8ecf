import { Play } from "lucide-react";
import { type Ref, useCallback, useRef, useState } from "react";

/**
 * Where the recording comes from: an address the browser may fetch itself, or a way to get one
 * for a recording that needs the bearer token (asked for when the person first wants to hear it;
 * the player then streams it, so a two-hour recording starts at once and costs only what is heard).
 */
export type RecordingSource = { readonly src: string } | { readonly address: () => Promise<string> };

export interface Recording {
  readonly src: string | null;
  readonly state: "idle" | "loading" | "ready" | "error";
  /** Asks for the address of a recording not yet loaded. */
  readonly want: () => void;
  /** The player could not read it (offline, or the address expired): offer to load it again. */
  readonly failed: () => void;
}

export function useRecording(source: RecordingSource | undefined): Recording {
  const direct = source && "src" in source ? source.src : null;
  const [loaded, setLoaded] = useState<{ src: string | null; state: Recording["state"] }>({ src: null, state: "idle" });
  const address = source && "address" in source ? source.address : null;

  const started = useRef(false);
  const want = useCallback(() => {
    if (!address || started.current) return;
    started.current = true;
    setLoaded({ src: null, state: "loading" });
    address().then(
      (src) => setLoaded({ src, state: "ready" }),
      () => {
        started.current = false;
        setLoaded({ src: null, state: "error" });
      },
    );
  }, [address]);
  const failed = useCallback(() => {
    started.current = false;
    setLoaded({ src: null, state: "error" });
  }, []);

  if (direct) return { src: direct, state: "ready", want, failed };
  return { ...loaded, want, failed };
}

interface Props {
  readonly recording: Recording;
  readonly audioRef: Ref<HTMLAudioElement>;
  readonly onTime: (seconds: number) => void;
  readonly onMetadata: () => void;
  readonly onPlaying: (playing: boolean) => void;
}

/** The recording's own controls; the transcript's words and times play it from where they are. */
export function RecordingPlayer({ recording, audioRef, onTime, onMetadata, onPlaying }: Props) {
  if (recording.src) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is its text, word by word
      <audio
        ref={audioRef}
        className="transcript__audio"
        controls
        preload="metadata"
        src={recording.src}
        aria-label="Recording"
        onTimeUpdate={(event) => onTime(event.currentTarget.currentTime)}
        onSeeked={(event) => onTime(event.currentTarget.currentTime)}
        onLoadedMetadata={onMetadata}
        onPlay={() => onPlaying(true)}
        onPause={() => onPlaying(false)}
        onEnded={() => onPlaying(false)}
        onError={() => {
          onPlaying(false);
          recording.failed();
        }}
      />
    );
  }
  return (
    <p className="transcript__audio-load">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={recording.state === "loading"}
        onClick={recording.want}
      >
        <Play aria-hidden="true" size={16} />{" "}
        {recording.state === "loading" ? "Loading the recording…" : "Play the recording"}
      </button>
      {recording.state === "error" && (
        <span className="field__error" role="alert">
          The recording could not be loaded. Try again.
        </span>
      )}
    </p>
  );
}
