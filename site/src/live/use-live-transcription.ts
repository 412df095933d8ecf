import type { Language } from "@contracts/languages.ts";
import type { LiveServerMessage, LiveTicket } from "@worker/live/contracts/live.ts";
import { LIVE_AUDIO_BITS_PER_SECOND } from "@worker/live/contracts/live-constants.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { ZodType } from "zod";
import { loadSchema } from "../api/client.ts";
import { reportToolError } from "../tools/report-tool-error.ts";
import { useRecorder } from "../tools/use-recorder.ts";
import { fetchLiveUsage, fetchTranscript, liveServerMessages, requestLiveTicket, TRANSCRIPTS_KEY } from "./live-api.ts";
import type { LiveConnection, ResumableSession } from "./live-connection.ts";
import { type Segment, segmentOf } from "./transcript-export.ts";

/**
 * Idle → recording → stopped; "starting" covers the ticket, microphone and socket,
 * "reconnecting" a dropped connection while the microphone keeps recording, and "interrupted" a
 * session this tab was running before a reload, which can be continued.
 */
type LiveState = "idle" | "starting" | "recording" | "reconnecting" | "interrupted" | "stopping" | "stopped";

/** The running session survives a reload of this tab (and only this tab). */
const SESSION_KEY = "vox.liveSession";

function storedSession(): ResumableSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null") as ResumableSession | null;
  } catch {
    return null;
  }
}

function storeSession(session: ResumableSession | null): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}

/**
 * Streams the microphone to the relay and collects the transcript: interim text replaces itself
 * until its final arrives, finals are appended with their timing. The connection survives drops
 * (`LiveConnection`); a reload shows what was said so far and can carry on.
 */
export function useLiveTranscription(signedIn: boolean) {
  const { mutate } = useSWRConfig();
  const connection = useRef<LiveConnection | null>(null);
  const interrupted = useRef<ResumableSession | null>(null);
  /** The interrupted session's finals as shown after a reload, by `seq`, for its corrections. */
  const restored = useRef<ReadonlyMap<number, Segment>>(new Map());
  const [state, setState] = useState<LiveState>("idle");
  const [segments, setSegments] = useState<Segment[]>([]);
  const [interim, setInterim] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [droppedSeconds, setDroppedSeconds] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null | undefined>(undefined);
  /** The session being (or last) recorded, kept after it ends so its caption link can be revoked. */
  const [sessionId, setSessionId] = useState<string | null>(null);

  const recorder = useRecorder({
    fallback: "",
    audioBitsPerSecond: LIVE_AUDIO_BITS_PER_SECOND,
    onChunk: (chunk) => connection.current?.audio(chunk),
  });
  const stopRecorder = recorder.stop;

  const refreshUsage = useCallback(async () => {
    if (!signedIn) return;
    try {
      const usage = await fetchLiveUsage();
      setSecondsLeft(usage.quota_seconds === null ? null : Math.max(0, usage.quota_seconds - usage.used_seconds));
    } catch {
      setSecondsLeft(undefined);
    }
  }, [signedIn]);

  useEffect(() => {
    void refreshUsage();
  }, [refreshUsage]);

  // After a reload: show what the running session has heard so far, ready to be continued.
  useEffect(() => {
    const session = signedIn ? storedSession() : null;
    if (!session) return;
    let cancelled = false;
    fetchTranscript(session.id)
      .then((transcript) => {
        if (cancelled) return;
        restored.current = new Map(transcript.segments.map((final) => [final.seq, segmentOf(final)]));
        setSegments([...restored.current.values()]);
        setSessionId(session.id);
        if (transcript.status === "active") {
          interrupted.current = { ...session, seq: transcript.segments.at(-1)?.seq ?? session.seq };
          setState("interrupted");
        } else {
          storeSession(null);
          setState("stopped");
        }
      })
      .catch(() => storeSession(null));
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  useEffect(() => () => connection.current?.dispose(), []);

  /** Starts a session spoken in `language`; a session that expires is replaced in the same one. */
  const start = useCallback(
    async (language: Language) => {
      setProblem(null);
      setDroppedSeconds(0);
      const resuming = interrupted.current;
      interrupted.current = null;
      setState("starting");
      let ticket: LiveTicket | null = null;
      let messages: ZodType<LiveServerMessage>;
      let Connection: typeof LiveConnection;
      try {
        // The connection's code comes with the first ticket, as the schema does, not with the page.
        const [loaded, answer, connection] = await Promise.all([
          loadSchema(liveServerMessages),
          resuming ? null : requestLiveTicket(language),
          import("./live-connection.ts"),
        ]);
        messages = loaded;
        Connection = connection.LiveConnection;
        if (answer) {
          ticket = answer;
          setSecondsLeft(answer.seconds_left);
        }
      } catch (error) {
        reportToolError(error);
        interrupted.current = resuming;
        setState("idle");
        return;
      }
      const live = new Connection(
        {
          onLive: () => setState((current) => (current === "stopping" ? current : "recording")),
          onReconnecting: () => setState((current) => (current === "stopping" ? current : "reconnecting")),
          onInterim: setInterim,
          onFinal: (segment) => {
            setSegments((previous) => [...previous, segment]);
            setInterim("");
          },
          onCorrection: (shown, corrected) =>
            setSegments((previous) => previous.map((segment) => (segment === shown ? corrected : segment))),
          onSession: (session) => {
            storeSession(session);
            if (session) setSessionId(session.id);
          },
          onAudioDropped: (seconds) => setDroppedSeconds((total) => total + seconds),
          onEnded: (reason) => {
            if (connection.current === live) connection.current = null;
            if (reason) setProblem(reason);
            setInterim("");
            setState("stopped");
            void stopRecorder();
            void refreshUsage();
            void mutate(TRANSCRIPTS_KEY);
          },
        },
        () => requestLiveTicket(language),
        messages,
      );
      connection.current = live;
      if (!(await recorder.start())) {
        live.dispose();
        connection.current = null;
        setState("idle");
        return;
      }
      if (resuming) {
        live.reattach(resuming, restored.current);
      } else {
        setSegments([]);
        setInterim("");
        live.open(ticket as LiveTicket);
      }
      void mutate(TRANSCRIPTS_KEY);
    },
    [recorder.start, stopRecorder, refreshUsage, mutate],
  );

  const stop = useCallback(async () => {
    setState("stopping");
    await stopRecorder();
    if (connection.current) connection.current.stop();
    else setState("stopped");
  }, [stopRecorder]);

  return {
    state,
    segments,
    interim,
    problem: problem ?? recorder.problem,
    droppedSeconds,
    secondsLeft,
    sessionId,
    elapsedMs: recorder.elapsedMs,
    level: recorder.level,
    start,
    stop,
  };
}
