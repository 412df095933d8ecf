import { Play } from "lucide-react";
import { type Ref, useCallback, useEffect, useRef, useState } from "react";

/**
 * Where the recording comes from: an address the browser may fetch itself, or a loader for one
 * that needs the bearer token (fetched once, when the person first wants to hear it, since a
 * two-hour recording is a large download on a phone's data).
 */
export type RecordingSource = { readonly src: string } | { readonly load: () => Promise<Blob> };

export interface Recording {
  readonly src: string | null;
  readonly state: "idle" | "loading" | "ready" | "error";
  /** Starts loading a recording not yet loaded. */
  readonly want: () => void;
}

export function useRecording(source: RecordingSource | undefined): Recording {
  const direct = source && "src" in source ? source.src : null;
  const [loaded, setLoaded] = useState<{ src: string | null; state: Recording["state"] }>({ src: null, state: "idle" });
  const loader = source && "load" in source ? source.load : null;

  useEffect(() => {
    const src = loaded.src;
    return () => {
      if (src) URL.revokeObjectURL(src);
    };
  }, [loaded.src]);

  const started = useRef(false);
  const want = useCallback(() => {
    if (!loader || started.current) return;
    started.current = true;
    setLoaded({ src: null, state: "loading" });
    loader().then(
      (blob) => setLoaded({ src: URL.createObjectURL(blob), state: "ready" }),
      () => {
        started.current = false;
        setLoaded({ src: null, state: "error" });
      },
    );
  }, [loader]);

  if (direct) return { src: direct, state: "ready", want };
  return { ...loaded, want };
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
