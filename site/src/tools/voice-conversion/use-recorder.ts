import { useCallback, useEffect, useRef, useState } from "react";

/** Spec §4 voice-conversion recording states. */
export type RecorderState = "idle" | "recording" | "recorded";

const CHUNK_MS = 250;

function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "Microphone access is blocked. Allow it in your browser's site settings, or upload a file instead.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No microphone was found. Upload a file instead.";
  return "The microphone could not be started. Upload a file instead.";
}

/** Microphone recording with elapsed time and a live input level (0–1). */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cleanup = useRef<() => void>(() => undefined);

  useEffect(() => () => cleanup.current(), []);

  const start = useCallback(async () => {
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setProblem(microphoneProblem(error));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size) chunks.push(event.data);
    });
    recorder.addEventListener("stop", () => {
      setRecording(new Blob(chunks, { type: recorder.mimeType || "audio/webm" }));
      setState("recorded");
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

    cleanup.current = () => {
      cancelAnimationFrame(frame);
      if (recorder.state !== "inactive") recorder.stop();
      for (const track of stream.getTracks()) track.stop();
      context.close().catch(() => undefined);
      setLevel(0);
    };
    recorder.start(CHUNK_MS);
    setRecording(null);
    setElapsedMs(0);
    setState("recording");
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
