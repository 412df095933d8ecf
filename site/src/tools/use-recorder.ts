import { LIVE_CHUNK_MS } from "@worker/live/contracts/live-constants.ts";
import { useCallback, useEffect, useRef, useState } from "react";

/** Recording states (voice conversion's "recorded" is live transcription's "stopped"). */
type RecorderState = "idle" | "recording" | "recorded";

interface RecorderOptions {
  /** Each MediaRecorder chunk as it is produced (every 250 ms), e.g. to stream it live. */
  readonly onChunk?: (chunk: Blob) => void;
  /** What the user can do instead when the microphone fails, appended to the problem. */
  readonly fallback?: string;
  /** The encoder's bitrate; the browser's own choice when absent. */
  readonly audioBitsPerSecond?: number;
}

function microphoneProblem(error: unknown, fallback: string): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return `Microphone access is blocked. Allow it in your browser's site settings${fallback ? `, or ${fallback} instead` : ""}.`;
  }
  const instead = fallback ? ` ${fallback[0]?.toUpperCase()}${fallback.slice(1)} instead.` : "";
  if (name === "NotFoundError" || name === "OverconstrainedError") return `No microphone was found.${instead}`;
  return `The microphone could not be started.${instead}`;
}

/** Microphone recording with elapsed time and a live input level (0–1). */
export function useRecorder(options: RecorderOptions = {}) {
  const [state, setState] = useState<RecorderState>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cleanup = useRef<() => Promise<void>>(async () => undefined);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => () => void cleanup.current(), []);

  /** Resolves true once recording, false (with `problem` set) when the microphone failed. */
  const start = useCallback(async (): Promise<boolean> => {
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setProblem(microphoneProblem(error, latest.current.fallback ?? "upload a file"));
      return false;
    }
    const { audioBitsPerSecond } = latest.current;
    const recorder = new MediaRecorder(stream, audioBitsPerSecond ? { audioBitsPerSecond } : {});
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (!event.data.size) return;
      chunks.push(event.data);
      latest.current.onChunk?.(event.data);
    });
    const stopped = new Promise<void>((resolve) => {
      recorder.addEventListener("stop", () => {
        setRecording(new Blob(chunks, { type: recorder.mimeType || "audio/webm" }));
        setState("recorded");
        resolve();
      });
    });

    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const startedAt = Date.now();
    let frame = 0;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      setElapsedMs(Date.now() - startedAt);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);

    cleanup.current = async () => {
      // Stop and the socket closing both end a recording; only the first call has work to do.
      cleanup.current = async () => {};
      cancelAnimationFrame(frame);
      const wasRecording = recorder.state !== "inactive";
      if (wasRecording) recorder.stop();
      for (const track of stream.getTracks()) track.stop();
      context.close().catch(() => undefined);
      setLevel(0);
      // The last chunk is delivered just before "stop", so callers can flush it after this.
      if (wasRecording) await stopped;
    };
    recorder.start(LIVE_CHUNK_MS);
    setRecording(null);
    setElapsedMs(0);
    setState("recording");
    return true;
  }, []);

  const stop = useCallback(() => cleanup.current(), []);

  const discard = useCallback(() => {
    setRecording(null);
    setElapsedMs(0);
    setState("idle");
  }, []);

  return { state, elapsedMs, level, recording, problem, start, stop, discard };
}

export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
