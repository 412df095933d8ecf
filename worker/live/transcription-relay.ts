import { DurableObject } from "cloudflare:workers";
import { planLimits } from "../billing/contracts/plans.ts";
import { DEFAULT_LANGUAGE } from "../contracts/languages.ts";
import { ApiError } from "../core/errors.ts";
import type { LiveTranscript } from "../providers/live-transcription.ts";
import type { SpeakerNames } from "../transcripts/contracts/transcript.ts";
import { admitSession, sessionActive } from "./admission.ts";
import { PcmHistory } from "./audio/pcm-history.ts";
import { CaptionShards } from "./caption-shards.ts";
import { closeWith, readingTag } from "./caption-sockets.ts";
import { type CaptionTranslations, captionTranslations } from "./caption-translation.ts";
import { type Admission, CaptionViewers, type ShardCatchUp } from "./caption-viewers.ts";
import type { LiveSegment } from "./contracts/live.ts";
import { LIVE_CLOSES, type LiveClose } from "./contracts/live-closes.ts";
import { LIVE_KEEPALIVE_MS, LIVE_MAX_FRAME_BYTES, LIVE_RESUME_GRACE_MS } from "./contracts/live-constants.ts";
import type { RelayRequest, ShardPlacement, ShardSeat } from "./contracts/live-handover.ts";
import {
  CORRECTION_AUDIO_SECONDS,
  type FinalCorrections,
  finalCorrections,
  hasAccuratePass,
} from "./final-corrections.ts";
import { meter, quotaReached, resumeMetering } from "./meter.ts";
import { ProviderStreams } from "./provider-stream.ts";
import { readHandover } from "./relay-handover.ts";
import { SessionFinals } from "./session-finals.ts";
import { newSession, readSession, type SessionState, writeSession } from "./session-state.ts";
import { readControl, refuseSpeaker, SpeakerSocket } from "./speaker-socket.ts";
import { segmentsAfter, sessionForReaders } from "./transcripts.ts";

type WatchRequest = Extract<RelayRequest, { kind: "watch" }>;

/** The session this object runs, once opened or read back from storage. */
interface Session {
  readonly state: SessionState;
  readonly finals: SessionFinals;
  readonly provider: ProviderStreams;
  readonly translations: CaptionTranslations;
  /** The accurate pass, for a language the routing table gives one. */
  readonly corrections: FinalCorrections | null;
}

/**
 * One live-transcription session: the page's socket (`SpeakerSocket`) on one side, the provider's
 * streams (`ProviderStreams`) on the other. Audio goes up; transcripts come down, finals numbered
 * and stored as they arrive (`SessionFinals`) and fanned out to a shared session's caption
 * viewers (`CaptionViewers`), translated for those who read another language (`CaptionTranslations`). When the page's socket drops, the session waits 30 s for a resume,
 * keeping the provider stream open with KeepAlive, then ends. An alarm every 3 s sends KeepAlive
 * and meters the audio against the monthly quota (`meter.ts`).
 */
export class TranscriptionRelay extends DurableObject<Env> {
  private session: Session | null = null;
  private readonly speaker = new SpeakerSocket(this.ctx);
  private readonly label = `[TranscriptionRelay ${this.ctx.id}]`;
  private readonly viewers = new CaptionViewers(
    this.ctx,
    new CaptionShards(this.ctx, this.env.CAPTION_SHARDS, this.label),
    seatsPerObject(this.env),
  );
  /** The speakers' names for caption readers: read from D1 once, then kept up to date by `renamed`. */
  private speakerNames: Promise<SpeakerNames> | null = null;

  override async fetch(request: Request): Promise<Response> {
    const handover = readHandover(request);
    if (handover.kind === "watch") return this.watch(handover);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    if (handover.kind === "open") {
      const refusal = await this.open(server, handover);
      if (refusal) return refusal;
    } else {
      await this.resume(server, handover);
    }
    return upgraded(client);
  }

  /**
   * Admits a new session; a refusal is answered with no socket accepted, for the Worker to pass on.
   * Nothing else reaches the object until the session is running, so a sign-out or an erasure that
   * comes while its row is being written finds it whole and ends it.
   */
  private open(socket: WebSocket, handover: Extract<RelayRequest, { kind: "open" }>): Promise<Response | null> {
    return this.ctx.blockConcurrencyWhile(async () => {
      // A reserved id opens one session only: a second ticket that carried it finds this one.
      if (handover.reserved && (await this.load())) return refusal(sessionActive());
      let admitted: Awaited<ReturnType<typeof admitSession>>;
      try {
        admitted = await admitSession(this.env.DB, handover);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return refusal(error);
      }
      const { sessionId, origin, extraQuery } = handover;
      const state = newSession({ sessionId, ...admitted, origin, extraQuery });
      const { provider } = this.begin(state, SessionFinals.none(this.env.DB, state, this.label));
      await this.save();
      this.speaker.attach(socket, ready(state, handover.resumeToken, false));
      // Viewers of a link made before recording have been waiting here for this moment.
      this.viewers.started();
      await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
      provider.start();
      return null;
    });
  }

  private async resume(socket: WebSocket, handover: Extract<RelayRequest, { kind: "resume" }>): Promise<void> {
    const session = await this.load();
    if (session && !session.state.ended && graceOver(session.state)) await this.end(LIVE_CLOSES.sessionExpired);
    if (!session || session.state.ended) return refuseSpeaker(socket, LIVE_CLOSES.sessionExpired);
    const current = this.speaker.current();
    if (current) {
      if (this.speaker.isLively()) return refuseSpeaker(socket, LIVE_CLOSES.alreadyAttached);
      current.close(LIVE_CLOSES.replaced.code, LIVE_CLOSES.replaced.message);
    }
    const { state, finals, provider } = session;
    const reopen = handover.fresh || !provider.running;
    // Corrections sent this long before the old page was last heard from had reached it.
    const missedSince = this.speaker.lastHeard - CORRECTIONS_IN_TRANSIT_MS;
    // Attached before anything is awaited, so the replaced socket's close cannot detach it again.
    state.detachedAt = null;
    this.speaker.attach(socket, ready(state, handover.resumeToken, reopen && !handover.fresh));
    await this.save();
    for (const segment of finals.correctedSince(missedSince, handover.after))
      this.speaker.send({ type: "transcript", is_final: true, correction: true, ...segment });
    for (const segment of finals.after(handover.after))
      this.speaker.send({ type: "transcript", is_final: true, ...segment });
    if (reopen) await provider.restart();
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
  }

  /**
   * Seats a caption viewer, or places it on a caption shard once this object's own places are
   * taken (answered 200 with where, for the Worker to hand it on); a finished session's link
   * replays its transcript and ends. A link made before its session seats the viewer to wait,
   * unless the session started meanwhile: `open` holds every other request until it is done, so
   * what this object stores decides.
   */
  private async watch(handover: WatchRequest): Promise<Response> {
    const session = await this.load();
    if (!session && handover.waiting) return admitted(this.viewers.wait({ ...handover, cap: handover.waiting.cap }));
    if (!session || session.state.ended) {
      const [client, socket] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
      socket.accept();
      void this.replay(session, handover).then(({ messages, end }) => {
        for (const message of messages) socket.send(message);
        if (end) closeWith(socket, end.message, end.close);
      });
      return upgraded(client);
    }
    const catching = await this.catching(session, handover.after);
    return admitted(this.viewers.admit({ ...handover, cap: viewersOf(session) }, catching, session.translations));
  }

  /** What a viewer the relay placed on a shard is sent first, as one seated here would be. */
  async shardCatchUp(seat: ShardSeat): Promise<ShardCatchUp> {
    this.viewers.seatedOnShard(seat);
    const session = await this.load();
    if (!session && seat.waiting) return this.viewers.waitingElsewhere();
    if (!session || session.state.ended) {
      this.viewers.leftShard(seat.shard, seat.address, readingTag(seat));
      return this.replay(session, seat);
    }
    const catching = await this.catching(session, seat.after);
    return {
      messages: await this.viewers.catchUpElsewhere(
        { ...seat, cap: viewersOf(session) },
        catching,
        session.translations,
      ),
    };
  }

  /** A viewer a shard seated left it. */
  async shardViewerLeft(shard: number, address: string, reads: string): Promise<void> {
    this.viewers.leftShard(shard, address, reads);
  }

  /** A viewer placed on a shard was not seated there. */
  async shardSeatFailed(placed: ShardPlacement, address: string, reads: string): Promise<void> {
    this.viewers.notSeatedOnShard(placed, address, reads);
  }

  /** A shard lost every viewer it held without their closes (a crash, a deploy): none of them is counted. */
  async shardEmptied(shard: number): Promise<void> {
    this.viewers.shardEmptied(shard);
  }

  private async catching(session: Session, after: number) {
    this.speakerNames ??= sessionForReaders(this.env.DB, session.state.sessionId).then(
      ({ names }) => names,
      () => ({}),
    );
    return {
      finals: session.finals.all,
      corrected: session.finals.correctedAfterFinal(after),
      standing: (segment: LiveSegment) => session.corrections?.standing(segment) ?? Promise.resolve(segment),
      names: await this.speakerNames,
    };
  }

  /** A finished session's transcript for a reader of its link, from storage or from D1. */
  private async replay(session: Session | null, view: WatchRequest): Promise<ShardCatchUp> {
    const [finals, kept] = await Promise.all([
      session?.finals.all ?? segmentsAfter(this.env.DB, view.sessionId, view.after),
      sessionForReaders(this.env.DB, view.sessionId),
    ]);
    // A session kept before sessions recorded their language was, most likely, English.
    const language = session ? session.state.language : kept.language;
    const spokenIn = { sessionId: view.sessionId, language: language ?? DEFAULT_LANGUAGE, origin: view.origin };
    const translations = session?.translations ?? captionTranslations(this.env, spokenIn, this.label);
    const corrected = session?.finals.correctedAfterFinal(view.after) ?? [];
    return this.viewers.replay({ finals, corrected, names: kept.names }, view.after, view.language, translations);
  }

  /** The owner renamed the running session's speakers: its caption readers show the names at once. */
  async speakersRenamed(names: SpeakerNames): Promise<void> {
    this.speakerNames = Promise.resolve(names);
    this.viewers.renamed(names);
  }

  /** The owner revoked `token`: its viewers are told and closed. */
  async stopSharing(token: string): Promise<void> {
    await this.viewers.sharingStopped(token);
  }

  /** The account was deleted: end the session now, metering what was used up to this moment. */
  async terminate(): Promise<void> {
    this.session?.provider.dropPending();
    if (await this.load()) await this.end(LIVE_CLOSES.accountDeleted);
    await this.ctx.storage.deleteAll();
  }

  /** The sign-in that opened the session ended: end it now, metering what was used up to this moment. */
  async signOut(): Promise<void> {
    if (await this.load()) await this.end(LIVE_CLOSES.signedOut);
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.viewers.isViewer(socket)) {
      this.viewers.spoke(socket);
      return;
    }
    if (!this.speaker.owns(socket)) return;
    this.speaker.heard();
    try {
      if (typeof message !== "string") {
        if (message.byteLength > LIVE_MAX_FRAME_BYTES) await this.end(LIVE_CLOSES.frameTooLarge, false);
        else if (!this.session?.provider.sendAudio(message)) await this.end(LIVE_CLOSES.serviceFailed);
        return;
      }
      const control = readControl(message);
      if ("code" in control) this.speaker.send({ type: "error", ...control });
      else await this.stop();
    } catch (error) {
      console.error(`${this.label} message failed`, error);
      await this.end(LIVE_CLOSES.serviceFailed);
    }
  }

  /**
   * A clean close (1000) from the page ends the session like a stop; any other close is a drop,
   * and the session waits for a resume.
   */
  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      // Completes the closing handshake the page started.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
      if (this.viewers.isViewer(socket) || !this.speaker.owns(socket)) return;
      this.speaker.detach();
      const session = await this.load();
      if (!session || session.state.ended) return;
      if (code === 1000) {
        await this.stop();
        return;
      }
      session.state.detachedAt = Date.now();
      await this.save();
    } catch (error) {
      console.error(`${this.label} close failed`, error);
    }
  }

  override async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    console.error(`${this.label} socket error`, error);
    await this.webSocketClose(socket, 1011);
  }

  /**
   * Every 3 s: meter the audio processed, re-read the month's total across the user's sessions
   * and stop at the quota, end a session without a page past the grace period, and KeepAlive the
   * provider.
   */
  override async alarm(): Promise<void> {
    const session = await this.load();
    if (!session || session.state.ended) return;
    try {
      await this.meter(session);
      if (await quotaReached(this.env.DB, session.state)) {
        await this.end(LIVE_CLOSES.quotaUsed);
        return;
      }
      // A page cut off with the process that held it (a restart) never closed: its grace starts here.
      if (session.state.detachedAt === null && !this.speaker.current()) {
        session.state.detachedAt = Date.now();
        await this.save();
      }
      if (graceOver(session.state)) {
        await this.end(LIVE_CLOSES.sessionExpired);
        return;
      }
      session.provider.keepAlive();
      if (!session.provider.running && this.speaker.current()) {
        await this.end(LIVE_CLOSES.serviceFailed);
        return;
      }
      await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
    } catch (error) {
      console.error(`${this.label} alarm failed`, error);
    }
  }

  /** Flushes the provider's last finals; the session ends when the provider closes the stream. */
  private async stop(): Promise<void> {
    const session = await this.load();
    if (!session || session.state.ended) return;
    session.state.stopping = true;
    await this.save();
    if (!(await session.provider.finish())) await this.end(LIVE_CLOSES.finished);
  }

  /** Ends the session: an error message first unless it finished normally, then the close. */
  private async end(close: LiveClose, announce = close.code !== 1000): Promise<void> {
    const session = this.session;
    if (!session || session.state.ended) return;
    session.state.ended = true;
    session.provider.close();
    // The last finals' corrections reach the page, the viewers and D1 before the session ends.
    await session.corrections?.settled();
    // Stored before the page hears the session ended, so it is listed as saved, not running.
    await session.finals.stored();
    await this.meter(session);
    await this.save();
    await this.ctx.storage.deleteAlarm();
    this.speaker.close(close, announce);
    await this.viewers.sessionEnded();
  }

  private heard(transcript: LiveTranscript): void {
    const session = this.session;
    if (!session || session.state.ended) return;
    const { text, start, duration } = transcript;
    if (!transcript.isFinal) {
      const interim = { type: "transcript", text, is_final: false, start, duration } as const;
      this.speaker.send(interim);
      this.viewers.broadcastInterim(interim);
      return;
    }
    const segment = session.finals.add(text, start, duration, transcript.speaker);
    this.speaker.send({ type: "transcript", is_final: true, ...segment });
    const best = session.corrections?.correct(segment, (corrected) => this.corrected(session, segment, corrected));
    this.viewers.broadcastFinal(segment, session.translations, best);
  }

  /** A final's accurate pass came back with other words: they replace it everywhere it is shown or kept. */
  private corrected(session: Session, segment: LiveSegment, text: string): LiveSegment {
    const corrected = session.finals.correct(segment.seq, text);
    if (!corrected) return segment;
    this.speaker.send({ type: "transcript", is_final: true, correction: true, ...corrected });
    this.viewers.broadcastCorrection(corrected, session.state.language);
    return corrected;
  }

  /** The provider closed the stream audio goes to. */
  private providerClosed(close: LiveClose): void {
    const state = this.session?.state;
    if (!state || state.ended) return;
    // With no page attached the session waits: a resume opens a new provider stream.
    if (state.stopping || this.speaker.current()) void this.end(close);
  }

  private meter(session: Session): Promise<void> {
    return meter(this.env.DB, session.state, session.provider.processedSeconds());
  }

  private begin(state: SessionState, finals: SessionFinals): Session {
    const heard = hasAccuratePass(state.language) ? new PcmHistory(CORRECTION_AUDIO_SECONDS) : null;
    const provider = new ProviderStreams(
      this.env,
      state,
      {
        onTranscript: (transcript) => this.heard(transcript),
        onClose: (close) => this.providerClosed(close),
        onRefused: (close) => this.end(close),
      },
      this.label,
      heard,
    );
    const translations = captionTranslations(this.env, state, this.label);
    const corrections = heard && finalCorrections(this.env, state, heard, this.label);
    this.session = { state, finals, provider, translations, corrections };
    return this.session;
  }

  private async load(): Promise<Session | null> {
    if (this.session) return this.session;
    const stored = await readSession(this.ctx.storage);
    if (!stored) return null;
    const [finals] = await Promise.all([
      SessionFinals.read(this.env.DB, stored, this.label),
      resumeMetering(this.env.DB, stored),
    ]);
    return this.session ?? this.begin(stored, finals);
  }

  private async save(): Promise<void> {
    if (this.session) await writeSession(this.ctx.storage, this.session.state);
  }
}

/** A message on its way to a page that is sending its audio is there within this. */
const CORRECTIONS_IN_TRANSIT_MS = 5000;

function upgraded(client: WebSocket): Response {
  return new Response(null, { status: 101, webSocket: client });
}

/** A viewer seated here is upgraded; one placed on a shard is answered with where. */
function admitted(admission: Admission): Response {
  return "socket" in admission ? upgraded(admission.socket) : Response.json(admission.shard);
}

const viewersOf = (session: Session) => planLimits(session.state.plan).liveViewers;

/** Viewers one object seats: the relay, then each of its caption shards (`CAPTION_SEATS_PER_OBJECT`). */
function seatsPerObject(env: Env): number {
  const seats = Number(env.CAPTION_SEATS_PER_OBJECT);
  return Number.isInteger(seats) && seats > 0 ? seats : 1000;
}

function refusal(error: ApiError): Response {
  return Response.json({ message: error.message, code: error.code }, { status: error.status });
}

function ready(state: SessionState, resumeToken: string, restartAudio: boolean) {
  return {
    type: "ready",
    session_id: state.sessionId,
    resume_token: resumeToken,
    restart_audio: restartAudio,
  } as const;
}

function graceOver(state: SessionState): boolean {
  return state.detachedAt !== null && Date.now() - state.detachedAt >= LIVE_RESUME_GRACE_MS;
}
