import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../worker/config.ts";
import {
  type LiveSegment,
  type LiveServerMessage,
  liveClientMessage,
  type WatchServerMessage,
} from "../worker/contracts/live.ts";
import { LIVE_CLOSES, type LiveClose } from "../worker/contracts/live-closes.ts";
import {
  LIVE_BUFFER_MS,
  LIVE_CHUNK_MS,
  LIVE_KEEPALIVE_MS,
  LIVE_MAX_FRAME_BYTES,
  LIVE_RESUME_GRACE_MS,
} from "../worker/contracts/live-constants.ts";
import { planLimits } from "../worker/contracts/plans.ts";
import { ApiError } from "../worker/errors.ts";
import { type Admitted, admitSession } from "../worker/live/admission.ts";
import { closeForProviderClose, closeForRefusedStream } from "../worker/live/provider-closes.ts";
import { RELAY_SESSION_HEADER, type RelayRequest } from "../worker/live/relay-handover.ts";
import { appendSegment, endSession, segmentsAfter, touchSession } from "../worker/live/transcripts.ts";
import { addSeconds, quotaSeconds, usedSeconds } from "../worker/live/usage.ts";
import { objectProviders } from "../worker/object-providers.ts";
import { deepgramLive } from "../worker/providers/deepgram-live.ts";
import type { LiveStream, LiveTranscript } from "../worker/providers/live-transcription.ts";
import { ProviderError } from "../worker/providers/provider-error.ts";
import { CaptionViewers } from "./caption-viewers.ts";

/** The speaker's socket among the viewers' (`durable/caption-viewers.ts`) on the same object. */
const SPEAKER_TAG = "speaker";

/** What must survive the object being evicted: kept in its storage. */
interface SessionState {
  readonly sessionId: string;
  readonly userId: string;
  readonly plan: string | null;
  readonly origin: string;
  readonly extraQuery: string;
  /** The last final's sequence number. */
  seq: number;
  /** Audio seconds the provider processed in streams that have since closed. */
  closedSeconds: number;
  /** Audio seconds already added to the user's month. */
  metered: number;
  /** When the browser's socket dropped; null while one is attached. */
  detachedAt: number | null;
  stopping: boolean;
  ended: boolean;
}

/** One provider stream; a session has more than one when the stream had to be reopened. */
interface Stream {
  live: LiveStream | null;
  /** Session seconds at which this stream's audio begins, so timestamps keep counting up. */
  readonly offset: number;
  /** Audio the provider reported processing in this stream. */
  seconds: number;
}

/** Audio that arrives while a provider stream is opening: at most what the page itself buffers. */
const MAX_PENDING_FRAMES = LIVE_BUFFER_MS / LIVE_CHUNK_MS;
/**
 * A page sends a frame every 250 ms while it records; an attached socket silent this long is a
 * connection that died without a close (mobile networks), so a resume may take its place.
 */
const STALE_SOCKET_MS = 5000;

/**
 * One live-transcription session: the browser's socket (accepted with the Hibernation API) on one
 * side, the provider's stream on the other. Audio frames go up; transcripts come down, finals
 * numbered and stored in D1 as they arrive. When the browser's socket drops, the session waits
 * 30 s for a resume, keeping the provider stream open with KeepAlive, then ends. An alarm every
 * 3 s sends KeepAlive, meters the audio the provider reports and enforces the monthly quota
 * across all of the user's sessions. A shared session's captions fan out to its viewers
 * (`CaptionViewers`) from here too; viewers never count towards the owner's metered audio.
 */
export class TranscriptionRelay extends DurableObject<Env> {
  private state: SessionState | null = null;
  private attached: WebSocket | null = null;
  private lastHeardAt = 0;
  private stream: Stream | null = null;
  /** Open provider streams: the current one, and a replaced one still flushing its finals. */
  private readonly streams = new Set<Stream>();
  private opening: Promise<void> | null = null;
  private pending: ArrayBuffer[] = [];
  /** The session's finals for replay (re-read from D1 if the object was evicted). */
  private finals: LiveSegment[] | null = null;
  /** D1 writes of finals, chained so they land in order and the session ends after them. */
  private writes: Promise<unknown> = Promise.resolve();
  private readonly viewers = new CaptionViewers(this.ctx);
  /** The words being spoken now, for a viewer who joins mid-sentence. */
  private interim: WatchServerMessage | null = null;

  override async fetch(request: Request): Promise<Response> {
    const handover = JSON.parse(request.headers.get(RELAY_SESSION_HEADER) ?? "null") as RelayRequest;
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    if (handover.kind === "open") {
      let admitted: Admitted;
      try {
        admitted = await admitSession(this.env.DB, handover);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // The Worker turns this back into its own error answer; no socket was accepted.
        return Response.json({ message: error.message, code: error.code }, { status: error.status });
      }
      await this.open(server, handover, admitted);
    } else if (handover.kind === "resume") {
      await this.resume(server, handover);
    } else {
      await this.watch(server, handover);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  private async open(
    socket: WebSocket,
    handover: Extract<RelayRequest, { kind: "open" }>,
    admitted: Admitted,
  ): Promise<void> {
    this.state = {
      sessionId: handover.sessionId,
      userId: admitted.userId,
      plan: admitted.plan,
      origin: handover.origin,
      extraQuery: handover.extraQuery,
      seq: 0,
      closedSeconds: 0,
      metered: 0,
      detachedAt: null,
      stopping: false,
      ended: false,
    };
    this.finals = [];
    await this.save();
    this.attach(socket, handover.resumeToken, false);
    await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
    this.opening = this.openStream();
  }

  private async resume(socket: WebSocket, handover: Extract<RelayRequest, { kind: "resume" }>): Promise<void> {
    const state = await this.load();
    if (state && !state.ended && state.detachedAt !== null && Date.now() - state.detachedAt >= LIVE_RESUME_GRACE_MS) {
      await this.end(LIVE_CLOSES.sessionExpired);
    }
    if (!state || state.ended) return refuse(socket, LIVE_CLOSES.sessionExpired);
    const current = this.currentSocket();
    if (current) {
      if (Date.now() - this.lastHeardAt < STALE_SOCKET_MS) return refuse(socket, LIVE_CLOSES.alreadyAttached);
      current.close(LIVE_CLOSES.replaced.code, LIVE_CLOSES.replaced.message);
    }
    const reopen = handover.fresh || (!this.stream && !this.opening);
    // Attached before anything is awaited, so the replaced socket's close cannot detach it again.
    state.detachedAt = null;
    this.attach(socket, handover.resumeToken, reopen && !handover.fresh);
    await this.save();
    for (const segment of this.finals ?? []) {
      if (segment.seq > handover.after) this.send({ type: "transcript", is_final: true, ...segment });
    }
    if (reopen) {
      if (this.opening) await this.opening;
      this.stream?.live?.finish();
      this.stream = null;
      this.opening = this.openStream();
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
  }

  /** Seats a caption viewer; a finished session's link replays its transcript and ends. */
  private async watch(socket: WebSocket, handover: Extract<RelayRequest, { kind: "watch" }>): Promise<void> {
    const state = await this.load();
    if (!state || state.ended) {
      const finals = this.finals ?? (await segmentsAfter(this.env.DB, handover.sessionId, handover.after));
      this.viewers.replay(socket, finals, handover.after);
      return;
    }
    const cap = planLimits(state.plan).liveViewers;
    this.viewers.admit(socket, { ...handover, cap }, this.finals ?? [], this.interim);
  }

  /** The owner revoked `token`: its viewers are told and closed. */
  async stopSharing(token: string): Promise<void> {
    this.viewers.sharingStopped(token);
  }

  private attach(socket: WebSocket, resumeToken: string, restartAudio: boolean): void {
    const state = this.state as SessionState;
    this.ctx.acceptWebSocket(socket, [SPEAKER_TAG]);
    this.attached = socket;
    this.lastHeardAt = Date.now();
    this.send({ type: "ready", session_id: state.sessionId, resume_token: resumeToken, restart_audio: restartAudio });
  }

  private async openStream(): Promise<void> {
    const state = this.state as SessionState;
    const stream: Stream = { live: null, offset: this.processedSeconds(), seconds: 0 };
    try {
      const providers = objectProviders(this.env, state.origin);
      stream.live = await deepgramLive.connect(
        providers("deepgram"),
        { model: loadConfig(this.env).models.analysis, extraQuery: new URLSearchParams(state.extraQuery) },
        {
          onTranscript: (transcript) => this.relayTranscript(stream, transcript),
          onProcessed: (seconds) => {
            stream.seconds = Math.max(stream.seconds, seconds);
          },
          onClose: (code, reason) => this.streamClosed(stream, code, reason),
        },
      );
      this.streams.add(stream);
      this.stream = stream;
      for (const frame of this.pending) stream.live.sendAudio(frame);
      this.pending = [];
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] provider stream refused`, error);
      const mapped =
        error instanceof ProviderError && error.status >= 400
          ? closeForRefusedStream(error.status)
          : LIVE_CLOSES.serviceFailed;
      await this.end(mapped);
    } finally {
      this.opening = null;
    }
  }

  private relayTranscript(stream: Stream, transcript: LiveTranscript): void {
    const state = this.state;
    if (!state || state.ended) return;
    const start = Number((stream.offset + transcript.start).toFixed(3));
    if (!transcript.isFinal) {
      const interim = {
        type: "transcript",
        text: transcript.text,
        is_final: false,
        start,
        duration: transcript.duration,
      } as const;
      this.interim = interim;
      this.send(interim);
      this.viewers.broadcastInterim(interim);
      return;
    }
    this.interim = null;
    state.seq++;
    const segment: LiveSegment = { seq: state.seq, text: transcript.text, start, duration: transcript.duration };
    this.finals?.push(segment);
    const db = this.env.DB;
    this.writes = this.writes
      .then(() => appendSegment(db, state.sessionId, segment).run())
      .catch((error) => console.error(`[TranscriptionRelay ${this.ctx.id}] storing a final failed`, error));
    // Not saved to the object's storage here: a pending write holds back every message the
    // object sends until it lands, and D1 already has the finals to recover `seq` from.
    const final = { type: "transcript", is_final: true, ...segment } as const;
    this.send(final);
    this.viewers.broadcast(final);
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.viewers.isViewer(socket)) {
      this.viewers.spoke(socket);
      return;
    }
    // Frames the page sent just before it closed still count; a refused or replaced socket's do not.
    if (this.attached !== null && socket !== this.attached) return;
    this.lastHeardAt = Date.now();
    try {
      if (typeof message !== "string") {
        if (message.byteLength > LIVE_MAX_FRAME_BYTES) {
          await this.end(LIVE_CLOSES.frameTooLarge, false);
          return;
        }
        if (this.stream?.live) this.stream.live.sendAudio(message);
        else if (this.opening && this.pending.length < MAX_PENDING_FRAMES) this.pending.push(message);
        else if (!this.opening) await this.end(LIVE_CLOSES.serviceFailed);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(message);
      } catch {
        this.send({ type: "error", ...LIVE_CLOSES.controlNotJson });
        return;
      }
      const control = liveClientMessage.safeParse(json);
      if (!control.success) {
        this.send({ type: "error", ...LIVE_CLOSES.controlUnknown });
        return;
      }
      await this.stop();
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] message failed`, error);
      await this.end(LIVE_CLOSES.serviceFailed);
    }
  }

  /** The account was deleted: end the session now, metering what was used up to this moment. */
  async terminate(): Promise<void> {
    this.pending = [];
    if (await this.load()) await this.end(LIVE_CLOSES.accountDeleted);
    await this.ctx.storage.deleteAll();
  }

  /** Flushes the provider's last finals; the session ends when the provider closes the stream. */
  private async stop(): Promise<void> {
    const state = await this.load();
    if (!state || state.ended) return;
    state.stopping = true;
    await this.save();
    if (this.opening) await this.opening;
    if (this.stream?.live) this.stream.live.finish();
    else await this.end(LIVE_CLOSES.finished);
  }

  /**
   * A clean close (1000) from the page ends the session like a stop; any other close is a drop,
   * and the session waits for a resume.
   */
  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      // Completes the closing handshake the page started.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
      if (this.viewers.isViewer(socket)) return;
      if (this.attached !== null && socket !== this.attached) return;
      this.attached = null;
      const state = await this.load();
      if (!state || state.ended) return;
      if (code === 1000) {
        await this.stop();
        return;
      }
      state.detachedAt = Date.now();
      await this.save();
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] close failed`, error);
    }
  }

  override async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    console.error(`[TranscriptionRelay ${this.ctx.id}] socket error`, error);
    await this.webSocketClose(socket, 1011);
  }

  /**
   * Every 3 s: meter the audio processed, re-read the month's total across the user's sessions
   * and stop at the quota, end a session whose page has been gone past the grace period, and
   * KeepAlive the provider.
   */
  override async alarm(): Promise<void> {
    const state = await this.load();
    if (!state || state.ended) return;
    try {
      await this.meter();
      const quota = quotaSeconds(state.plan);
      if (quota !== null && (await usedSeconds(this.env.DB, state.userId)) >= quota) {
        await this.end(LIVE_CLOSES.quotaUsed);
        return;
      }
      if (state.detachedAt !== null && Date.now() - state.detachedAt >= LIVE_RESUME_GRACE_MS) {
        await this.end(LIVE_CLOSES.sessionExpired);
        return;
      }
      for (const stream of this.streams) stream.live?.keepAlive();
      if (!this.stream && !this.opening && this.currentSocket()) {
        await this.end(LIVE_CLOSES.serviceFailed);
        return;
      }
      await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] alarm failed`, error);
    }
  }

  private streamClosed(stream: Stream, code: number, reason: string): void {
    if (!this.streams.delete(stream)) return;
    const state = this.state;
    if (!state) return;
    state.closedSeconds += stream.seconds;
    if (stream !== this.stream || state.ended) return;
    this.stream = null;
    if (state.stopping) {
      void this.end(closeForProviderClose(code, reason));
      return;
    }
    // With no page attached the session waits: a resume opens a new provider stream.
    if (this.currentSocket()) void this.end(closeForProviderClose(code, reason));
  }

  /** Ends the session: an error message first unless it finished normally, then the close. */
  private async end(close: LiveClose, announce = close.code !== 1000): Promise<void> {
    const state = this.state;
    if (!state || state.ended) return;
    state.ended = true;
    for (const stream of [...this.streams]) {
      this.streams.delete(stream);
      state.closedSeconds += stream.seconds;
      stream.live?.close();
    }
    this.stream = null;
    // Stored before the page hears the session ended, so it is listed as saved, not running.
    await this.writes;
    await this.meter();
    await this.save();
    await this.ctx.storage.deleteAlarm();
    const socket = this.currentSocket();
    this.attached = null;
    if (socket) {
      if (announce) this.send({ type: "error", code: close.code, message: close.message }, socket);
      socket.close(close.code, close.message);
    }
    this.interim = null;
    this.viewers.sessionEnded();
  }

  private processedSeconds(): number {
    let seconds = this.state?.closedSeconds ?? 0;
    for (const stream of this.streams) seconds += stream.seconds;
    return seconds;
  }

  /** Adds the audio processed since the last metering to the user's month; marks the session alive or ended. */
  private async meter(): Promise<void> {
    const state = this.state;
    if (!state) return;
    const processed = this.processedSeconds();
    const delta = processed - state.metered;
    state.metered = processed;
    const db = this.env.DB;
    await db.batch([
      addSeconds(db, state.userId, delta),
      state.ended ? endSession(db, state.sessionId, processed) : touchSession(db, state.sessionId, processed),
    ]);
  }

  private currentSocket(): WebSocket | null {
    this.attached ??=
      this.ctx.getWebSockets(SPEAKER_TAG).find((socket) => socket.readyState === WebSocket.OPEN) ?? null;
    return this.attached?.readyState === WebSocket.OPEN ? this.attached : null;
  }

  private async load(): Promise<SessionState | null> {
    if (this.state) return this.state;
    const stored = await this.ctx.storage.get<SessionState>("session");
    if (!stored) return null;
    this.finals = await segmentsAfter(this.env.DB, stored.sessionId, 0);
    stored.seq = Math.max(stored.seq, this.finals.at(-1)?.seq ?? 0);
    this.state = stored;
    return stored;
  }

  private async save(): Promise<void> {
    if (this.state) await this.ctx.storage.put("session", this.state);
  }

  private send(message: LiveServerMessage, socket = this.currentSocket()): void {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
}

/** Answers a resume that cannot attach: the reason as a message, then the close. */
function refuse(socket: WebSocket, close: LiveClose): void {
  socket.accept();
  socket.send(JSON.stringify({ type: "error", code: close.code, message: close.message }));
  socket.close(close.code, close.message);
}
