import { API } from "@contracts/api-paths.ts";
import type { LiveServerMessage, LiveTicket } from "@worker/live/contracts/live.ts";
import { LIVE_CLOSES, liveCloseMessage, PAGE_WENT_OFFLINE } from "@worker/live/contracts/live-closes.ts";
import {
  LIVE_AUTH_PROTOCOL,
  LIVE_BUFFER_MS,
  LIVE_CHUNK_MS,
  LIVE_RESUME_GRACE_MS,
  UNLABELLED_SPEAKER,
} from "@worker/live/contracts/live-constants.ts";
import type { ZodType } from "zod";
import { ApiError } from "../api/client.ts";
import { storedToken } from "../api/session.ts";
import { socketUrl } from "../api/socket-url.ts";
import { ReconnectPolicy } from "./reconnect-policy.ts";
import type { Segment } from "./transcript-export.ts";

/** What a page needs to reattach to its session after a drop or a reload. */
export interface ResumableSession {
  readonly id: string;
  readonly token: string;
  /** The last final it has. */
  readonly seq: number;
}

interface LiveConnectionEvents {
  /** Attached to a session (first time, or again after a drop). */
  readonly onLive: () => void;
  readonly onReconnecting: () => void;
  readonly onInterim: (text: string) => void;
  readonly onFinal: (segment: Segment) => void;
  /** A final's accurate text came (Yorùbá, Hausa): `corrected` takes the place of `shown`. */
  readonly onCorrection: (shown: Segment, corrected: Segment) => void;
  /** The session to resume if the page reloads; null once it is over. */
  readonly onSession: (session: ResumableSession | null) => void;
  /** Seconds of unsent audio dropped because the hold was full. */
  readonly onAudioDropped: (seconds: number) => void;
  /** Over: null after a stop, or the reason it failed. */
  readonly onEnded: (problem: string | null) => void;
}

/** The audio held while the socket is down: two minutes of 250 ms chunks. */
const MAX_UNSENT_CHUNKS = LIVE_BUFFER_MS / LIVE_CHUNK_MS;
/** A resume that has not worked by then is too late; a new session is started instead. */
const RESUME_UNTIL_MS = LIVE_RESUME_GRACE_MS;
const LIVE_PATH = API.live.path.socket;

/**
 * One recording's connection to the relay, kept across network drops: it reconnects by itself
 * (`ReconnectPolicy`), resumes the session with the finals it is missing, and holds the audio it
 * could not send, sending it in order once attached.
 * If the relay had to reopen the provider stream, the recording's container header goes first
 * so the new stream can decode what follows. A session that expired is replaced by a new one
 * whose timestamps carry on.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private attached = false;
  private session: { id: string; token: string } | null = null;
  private lastSeq = 0;
  /** This session's finals as shown, by `seq`, so a correction replaces the one it names. */
  private shown = new Map<number, Segment>();
  /** Where the current session's timestamps start within the whole recording. */
  private offsetSeconds = 0;
  private lastEndSeconds = 0;
  private header: Blob | null = null;
  private headerNeeded = false;
  private readonly unsent: Blob[] = [];
  private stopping = false;
  private over = false;
  private droppedAt: number | null = null;
  private readonly reconnection = new ReconnectPolicy(() => this.reconnect(), {
    maxDelayMs: 8000,
    onOffline: () => this.wentOffline(),
  });

  constructor(
    private readonly events: LiveConnectionEvents,
    private readonly newTicket: () => Promise<LiveTicket>,
    /** The relay's messages (live-api.ts `liveServerMessages`), loaded before the first socket opens. */
    private readonly messages: ZodType<LiveServerMessage>,
  ) {}

  /** Opens a new session with a ticket; one given for a caption link made before recording opens its session. */
  open({ ticket, session_id }: LiveTicket): void {
    this.connect(socketUrl(LIVE_PATH, { ticket, ...(session_id ? { session: session_id } : {}) }));
  }

  /**
   * Reattaches to a session this tab had before a reload, whose finals the page shows again
   * (`shown`, by `seq`, the very segments it shows) so that a correction of one still takes its
   * place. The audio is a new recording, so the relay opens a new provider stream for it.
   */
  reattach(session: ResumableSession, shown: ReadonlyMap<number, Segment>): void {
    this.session = { id: session.id, token: session.token };
    this.lastSeq = session.seq;
    this.shown = new Map(shown);
    this.lastEndSeconds = Math.max(0, ...[...shown.values()].map(({ endMs }) => endMs)) / 1000;
    this.droppedAt = Date.now();
    this.connect(this.resumeUrl(true), this.resumeProtocols());
  }

  /** A chunk from the recorder: sent now, or held until the socket is back. */
  audio(chunk: Blob): void {
    this.header ??= chunk;
    if (this.attached && this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(chunk);
      return;
    }
    this.unsent.push(chunk);
    if (this.unsent.length > MAX_UNSENT_CHUNKS) {
      this.unsent.shift();
      this.events.onAudioDropped(LIVE_CHUNK_MS / 1000);
    }
  }

  /** Asks the relay to finish; if the socket is down, that happens once it is back. */
  stop(): void {
    this.stopping = true;
    if (this.attached) this.socket?.send(JSON.stringify({ type: "stop" }));
  }

  /** The page is going away: a clean close, which ends the session. */
  dispose(): void {
    this.finish(null, false);
    this.socket?.close(1000, "page closed");
    this.socket = null;
  }

  private connect(url: string, protocols?: string[]): void {
    const ws = new WebSocket(url, protocols);
    this.socket = ws;
    let failure: string | null = null;
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || this.socket !== ws) return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = this.messages.safeParse(data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === "ready") {
        this.attach(ws, message.session_id, message.resume_token, message.restart_audio);
      } else if (message.type === "error") {
        failure = message.message;
      } else if (!message.is_final) {
        this.events.onInterim(message.text);
      } else if (message.correction) {
        const shown = message.seq === undefined ? undefined : this.shown.get(message.seq);
        if (message.seq === undefined || !shown || shown.text === message.text) return;
        const corrected = { ...shown, text: message.text };
        this.shown.set(message.seq, corrected);
        this.events.onCorrection(shown, corrected);
      } else if (message.seq !== undefined && message.seq > this.lastSeq) {
        this.lastSeq = message.seq;
        const start = this.offsetSeconds + message.start;
        this.lastEndSeconds = start + message.duration;
        const segment = {
          text: message.text,
          startMs: start * 1000,
          endMs: this.lastEndSeconds * 1000,
          speaker: message.speaker ?? UNLABELLED_SPEAKER,
        };
        this.shown.set(message.seq, segment);
        this.events.onFinal(segment);
        this.remember();
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.attached = false;
      if (this.over) return;
      if (event.code === 1000 && this.stopping) this.finish(null);
      else if (event.code === LIVE_CLOSES.sessionExpired.code) void this.startOver();
      // The page words each close from its own table; the relay's text covers a code it does not know.
      else if (failure !== null && event.code !== LIVE_CLOSES.alreadyAttached.code) {
        this.finish(liveCloseMessage(event.code) ?? failure);
      } else this.reconnectLater();
    });
  }

  private attach(ws: WebSocket, sessionId: string, token: string, restartAudio: boolean): void {
    this.session = { id: sessionId, token };
    this.attached = true;
    this.reconnection.connected();
    this.droppedAt = null;
    this.remember();
    if ((restartAudio || this.headerNeeded) && this.header && this.unsent[0] !== this.header) ws.send(this.header);
    this.headerNeeded = false;
    for (const chunk of this.unsent.splice(0)) ws.send(chunk);
    if (this.stopping) ws.send(JSON.stringify({ type: "stop" }));
    this.events.onLive();
  }

  private reconnectLater(): void {
    this.droppedAt ??= Date.now();
    this.events.onReconnecting();
    this.reconnection.retryLater();
  }

  private reconnect(): void {
    if (this.over) return;
    if (this.session && this.droppedAt !== null && Date.now() - this.droppedAt < RESUME_UNTIL_MS) {
      this.connect(this.resumeUrl(false), this.resumeProtocols());
    } else {
      void this.startOver();
    }
  }

  /** The old session is gone: a new one, whose audio needs the container header again. */
  private async startOver(): Promise<void> {
    this.session = null;
    this.lastSeq = 0;
    this.shown = new Map();
    this.offsetSeconds = this.lastEndSeconds;
    this.headerNeeded = true;
    this.events.onReconnecting();
    try {
      this.open(await this.newTicket());
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) this.finish(error.message);
      else this.reconnectLater();
    }
  }

  private wentOffline(): void {
    const ws = this.socket;
    if (!ws || this.over) return;
    // The socket may look open for a long while on a dead network; stop trusting it now.
    this.socket = null;
    this.attached = false;
    ws.close(PAGE_WENT_OFFLINE, "offline");
    this.reconnectLater();
  }

  private resumeUrl(fresh: boolean): string {
    return socketUrl(LIVE_PATH, {
      resume: this.session?.token ?? "",
      after: String(this.lastSeq),
      ...(fresh ? { fresh: "1" } : {}),
    });
  }

  private resumeProtocols(): string[] {
    return [LIVE_AUTH_PROTOCOL, storedToken() ?? ""];
  }

  private remember(): void {
    this.events.onSession(this.session ? { ...this.session, seq: this.lastSeq } : null);
  }

  private finish(problem: string | null, notify = true): void {
    if (this.over) return;
    this.over = true;
    this.reconnection.dispose();
    this.events.onSession(null);
    if (notify) this.events.onEnded(problem);
  }
}
