import { liveServerMessage, liveTicketSchema, liveUsageSchema } from "@contracts/live.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "../../api/client.ts";
import { config } from "../../config.ts";
import { useRecorder } from "../audio/use-recorder.ts";
import { reportToolError } from "../report-tool-error.ts";
import type { Segment } from "./transcript-export.ts";

/** Spec §4: idle → recording → stopped; "starting" covers the ticket, microphone and socket. */
export type LiveState = "idle" | "starting" | "recording" | "stopping" | "stopped";

const CONNECTION_LOST = "The connection to the transcription service was lost. Start recording again to reconnect.";

function liveSocketUrl(ticket: string): string {
  const url = new URL(`${config.apiBase}/api/live`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("ticket", ticket);
  return url.toString();
}

/**
 * Streams the microphone to the relay (ARCHITECTURE.md "Live relay") and collects the transcript:
 * interim text replaces itself until its final arrives, finals are appended with their timing.
 */
export function useLiveTranscription(signedIn: boolean) {
  const socket = useRef<WebSocket | null>(null);
  const queue = useRef<Blob[]>([]);
  const [state, setState] = useState<LiveState>("idle");
  const [segments, setSegments] = useState<Segment[]>([]);
  const [interim, setInterim] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null | undefined>(undefined);

  const recorder = useRecorder({
    fallback: "",
    onChunk: (chunk) => {
      const open = socket.current;
      if (open?.readyState === WebSocket.OPEN) open.send(chunk);
      else queue.current.push(chunk);
    },
  });
  const stopRecorder = recorder.stop;

  const refreshUsage = useCallback(async () => {
    if (!signedIn) return;
    try {
      const usage = await apiRequest("/api/live/usage", { schema: liveUsageSchema });
      setSecondsLeft(usage.quota_seconds === null ? null : Math.max(0, usage.quota_seconds - usage.used_seconds));
    } catch {
      setSecondsLeft(undefined);
    }
  }, [signedIn]);

  useEffect(() => {
    void refreshUsage();
  }, [refreshUsage]);

  useEffect(() => () => socket.current?.close(1000, "page closed"), []);

  const start = useCallback(async () => {
    setProblem(null);
    setState("starting");
    let ticket: string;
    try {
      const answer = await apiRequest("/api/live/ticket", { method: "POST", body: {}, schema: liveTicketSchema });
      ticket = answer.ticket;
      setSecondsLeft(answer.seconds_left);
    } catch (error) {
      reportToolError(error);
      setState("idle");
      return;
    }
    queue.current = [];
    if (!(await recorder.start())) {
      setState("idle");
      return;
    }
    setSegments([]);
    setInterim("");
    const ws = new WebSocket(liveSocketUrl(ticket));
    socket.current = ws;
    ws.addEventListener("open", () => {
      for (const chunk of queue.current) ws.send(chunk);
      queue.current = [];
      setState("recording");
    });
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = liveServerMessage.safeParse(data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === "error") {
        setProblem(message.message);
        return;
      }
      if (!message.is_final) {
        setInterim(message.text);
        return;
      }
      // The provider times each result from the start of the stream, which SRT cues need.
      const startMs = message.start * 1000;
      const endMs = (message.start + message.duration) * 1000;
      setSegments((previous) => [...previous, { text: message.text, startMs, endMs }]);
      setInterim("");
    });
    ws.addEventListener("close", (event) => {
      if (socket.current === ws) socket.current = null;
      if (event.code !== 1000) setProblem((current) => current ?? (event.reason || CONNECTION_LOST));
      setInterim("");
      setState("stopped");
      void stopRecorder();
      void refreshUsage();
    });
  }, [recorder.start, stopRecorder, refreshUsage]);

  const stop = useCallback(async () => {
    setState("stopping");
    await stopRecorder();
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "stop" }));
    else setState("stopped");
  }, [stopRecorder]);

  return {
    state,
    segments,
    interim,
    problem: problem ?? recorder.problem,
    secondsLeft,
    elapsedMs: recorder.elapsedMs,
    level: recorder.level,
    start,
    stop,
  };
}
