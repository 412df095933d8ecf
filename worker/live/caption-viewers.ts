import { LANGUAGES, type Language } from "../contracts/languages.ts";
import type { SpeakerNames } from "../transcripts/contracts/transcript.ts";
import type { CaptionShards } from "./caption-shards.ts";
import {
  AS_SPOKEN_TAG,
  addressTag,
  closeWith,
  linkTag,
  readingTag,
  readsTag,
  refuse,
  sendToAll,
  VIEWER_TAG,
  viewerTags,
} from "./caption-sockets.ts";
import { type CaptionTranslations, spokenFinal, TRANSLATION_WAIT_MS } from "./caption-translation.ts";
import type { LiveSegment, WatchServerMessage } from "./contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "./contracts/live-closes.ts";
import { viewerReserve } from "./contracts/live-constants.ts";
import type { ShardPlacement, ShardSeat } from "./contracts/live-handover.ts";

/**
 * The audience gets the words being spoken at most this often (finals always, at once): an
 * interim is a preview the final replaces, and every one costs a send per viewer, so halving them
 * keeps a large audience's finals prompt (`npm run bench:captions`) and a slow phone calmer.
 */
const INTERIM_EVERY_MS = 500;

/** Where a viewer's messages go: its socket, or the list a shard's viewer catches up from. */
type Sink = Pick<WebSocket, "send">;

/** A viewer seated here (the socket's client end), or placed on a shard for the Worker to hand it to. */
export type Admission = { readonly socket: WebSocket } | { readonly shard: ShardPlacement };

/** What a shard's viewer is sent before the captions it gets live, and how it ends if it does. */
export interface ShardCatchUp {
  readonly messages: readonly string[];
  readonly end?: { readonly message: string; readonly close: LiveClose };
}

/** What a viewer seated in a running session catches up on. */
interface CatchUp {
  /** The session's finals as they stand. */
  readonly finals: readonly LiveSegment[];
  /** Finals up to the viewer's `after` corrected since it may last have heard: sent again. */
  readonly corrected: readonly LiveSegment[];
  /** A final as its accurate pass will leave it: what a reader of another language has translated. */
  readonly standing: (segment: LiveSegment) => Promise<LiveSegment>;
  /** The names the owner gave the speakers. */
  readonly names: SpeakerNames;
}

interface ViewerRequest {
  readonly token: string;
  readonly after: number;
  /** The session's places: its owner's plan's viewers. */
  readonly cap: number;
  /** Where the viewer connects from, IPv6 by its /64. */
  readonly address: string;
  /** The language the viewer reads; the session's own when absent. */
  readonly language?: Language;
}

/**
 * The audience of one shared session: listen-only sockets accepted with the Hibernation API and
 * found again by their tags, so the relay keeps no list of them in memory and a viewer that only
 * waits costs nothing while the object sleeps. The relay seats `perObject` viewers itself and
 * places the rest on caption shards (`CaptionShards`), each holding as many; admission counts both.
 */
export class CaptionViewers {
  private interimSentAt = Number.NEGATIVE_INFINITY;
  /** The words being spoken now, for a viewer who joins mid-sentence. */
  private interim: WatchServerMessage | null = null;
  /** Translated finals on their way, which the session's end waits for. */
  private readonly translating = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly shards: CaptionShards,
    private readonly perObject: number,
  ) {}

  /**
   * Seats a viewer of a running session unless it already has `cap` of them, or only the reserve
   * is left and the viewer's address holds half the places or more: first the finals after
   * `after` (a late joiner gets them all, a reconnecting one what it missed, and the corrections
   * it may have missed of those it had), then the interim being spoken now. Past this object's
   * own places the viewer is placed on a shard, which asks for the same (`catchUpElsewhere`).
   */
  admit(view: ViewerRequest, catching: CatchUp, translations: CaptionTranslations): Admission {
    return this.seat(view, (socket) => this.track(this.catchUp(socket, view, catching, translations)));
  }

  /**
   * Seats a viewer of a link made before its session started, on the same terms as `admit`: it is
   * told `waiting`, then gets what every viewer gets once the speaker starts.
   */
  wait(view: ViewerRequest): Admission {
    return this.seat(view, (socket) => socket.send(WAITING));
  }

  /** What a viewer placed on a shard is sent first, as `admit` sends its own viewers. */
  async catchUpElsewhere(view: ViewerRequest, catching: CatchUp, translations: CaptionTranslations) {
    const sink = collector();
    await this.catchUp(sink, view, catching, translations);
    return sink.messages;
  }

  private seat(view: ViewerRequest, welcome: (socket: WebSocket) => void): Admission {
    const refusal = this.refusal(view);
    if (!refusal && this.ctx.getWebSockets(VIEWER_TAG).length >= this.perObject) {
      return { shard: this.shards.placement(this.shards.seats.place(view.address, readingTag(view), this.perObject)) };
    }
    const [client, socket] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    if (refusal) refuse(socket, refusal);
    else {
      this.ctx.acceptWebSocket(socket, viewerTags(view));
      welcome(socket);
    }
    return { socket: client };
  }

  private catchUp(sink: Sink, view: ViewerRequest, catching: CatchUp, translations: CaptionTranslations) {
    const reads = view.language ?? translations.source;
    sendNames(sink, catching.names);
    let translated = Promise.resolve();
    if (reads === translations.source) {
      sendFinals(sink, catching.finals, view.after);
      for (const segment of catching.corrected) sink.send(JSON.stringify(correctionOf(segment)));
    } else {
      translated = catchUp(sink, catching.finals, view.after, reads, translations, catching.standing);
    }
    if (this.interim) sink.send(JSON.stringify(this.interim));
    return translated;
  }

  /** What a viewer placed on a shard while the session had not started is sent first. */
  waitingElsewhere(): ShardCatchUp {
    return { messages: [WAITING] };
  }

  /** A viewer placed on shard `shard` left it, or was never seated there (the session ended first). */
  leftShard(shard: number, address: string, reads: string): void {
    this.shards.seats.left(shard, address, reads);
  }

  /** A viewer placed on a shard is seated there (`CaptionSeats.seated`). */
  seatedOnShard(seat: ShardSeat): void {
    this.shards.seats.seated(seat.shard, seat.address, readingTag(seat), seat.losses);
  }

  /** A viewer placed on a shard was not seated there (`CaptionSeats.notSeated`). */
  notSeatedOnShard(placed: ShardPlacement, address: string, reads: string): void {
    this.shards.seats.notSeated(placed.shard, address, reads, placed.losses);
  }

  /** Shard `shard` lost its viewers without telling of each: its places are free. */
  shardEmptied(shard: number): void {
    this.shards.seats.emptied(shard);
  }

  /** The speaker started: viewers who were waiting stop waiting, before any words arrive. */
  started(): void {
    this.broadcast({ type: "started" });
  }

  private refusal({ cap, address }: ViewerRequest): LiveClose | null {
    const { seats } = this.shards;
    const free = cap - this.ctx.getWebSockets(VIEWER_TAG).length - seats.total();
    if (free <= 0) return WATCH_CLOSES.full;
    if (free > viewerReserve(cap)) return null;
    const atAddress = this.ctx.getWebSockets(addressTag(address)).length + seats.atAddress(address);
    return atAddress * 2 >= cap ? WATCH_CLOSES.networkFull : null;
  }

  /**
   * A finished session's link reads as a transcript: every final after `after`, in the reader's
   * language (and, as spoken, the corrections it may have missed of those it had), then `ended`.
   */
  async replay(
    catching: Omit<CatchUp, "standing">,
    after: number,
    reads: Language | undefined,
    translations: CaptionTranslations,
  ): Promise<ShardCatchUp> {
    const sink = collector();
    sendNames(sink, catching.names);
    if (reads === undefined || reads === translations.source) {
      sendFinals(sink, catching.finals, after);
      for (const segment of catching.corrected) sink.send(JSON.stringify(correctionOf(segment)));
    } else await catchUp(sink, catching.finals, after, reads, translations);
    return { messages: sink.messages, end: { message: ENDED, close: WATCH_CLOSES.ended } };
  }

  isViewer(socket: WebSocket): boolean {
    return this.ctx.getTags(socket).includes(VIEWER_TAG);
  }

  /** The words being spoken, unless the audience had some within the last half second. */
  broadcastInterim(message: WatchServerMessage): void {
    this.interim = message;
    const now = Date.now();
    if (now - this.interimSentAt < INTERIM_EVERY_MS) return;
    this.interimSentAt = now;
    this.broadcast(message);
  }

  /**
   * A final replaces the words being spoken. Readers of the session's language get it at once, as
   * the speaker does; each other language read gets it when its translation is ready (or its wait
   * is over), on its own, so neither a slow translation nor another language holds anyone back.
   * `best` is the final as its accurate pass leaves it, when it has one: other languages translate
   * that text, once, rather than translate the fast text and then its correction.
   */
  broadcastFinal(segment: LiveSegment, translations: CaptionTranslations, best = Promise.resolve(segment)): void {
    this.interim = null;
    const spoken = spokenFinal(segment);
    this.broadcast(spoken, AS_SPOKEN_TAG);
    this.broadcast(spoken, readsTag(translations.source));
    for (const language of LANGUAGES) {
      if (language === translations.source || !this.readers(readsTag(language))) continue;
      this.track(
        best
          .then((final) => translations.final(final, language, TRANSLATION_WAIT_MS))
          .then((final) => this.broadcast(final, readsTag(language))),
      );
    }
  }

  /** A final's accurate text, for the readers of the language it is spoken in. */
  broadcastCorrection(segment: LiveSegment, source: Language): void {
    const correction = correctionOf(segment);
    this.broadcast(correction, AS_SPOKEN_TAG);
    this.broadcast(correction, readsTag(source));
  }

  /** The owner renamed the speakers: every reader shows the new names. */
  renamed(names: SpeakerNames): void {
    this.broadcast({ type: "speakers", names });
  }

  /** Viewers here and on the shards who read `tag`. */
  private readers(tag: string): number {
    return this.ctx.getWebSockets(tag).length + this.shards.seats.reading(tag);
  }

  /** Serialised once for the whole audience, or everyone reading one language, here and on the shards. */
  private broadcast(message: WatchServerMessage, tag = VIEWER_TAG): void {
    const data = JSON.stringify(message);
    sendToAll(this.ctx.getWebSockets(tag), data);
    this.shards.send(data, tag);
  }

  private track(sending: Promise<unknown>): void {
    this.translating.add(sending);
    void sending.finally(() => this.translating.delete(sending));
  }

  /** The session is over: every viewer is told, once the finals being translated have reached them, then closed. */
  async sessionEnded(): Promise<void> {
    this.interim = null;
    await Promise.all(this.translating);
    for (const socket of this.ctx.getWebSockets(VIEWER_TAG)) closeWith(socket, ENDED, WATCH_CLOSES.ended);
    await this.shards.closeAll(ENDED, WATCH_CLOSES.ended);
  }

  /** The owner revoked the link: the viewers who came through it are told, then closed. */
  async sharingStopped(token: string): Promise<void> {
    const stopped = JSON.stringify({ type: "ended", reason: "sharing_stopped" } satisfies WatchServerMessage);
    for (const socket of this.ctx.getWebSockets(linkTag(token)))
      closeWith(socket, stopped, WATCH_CLOSES.sharingStopped);
    await this.shards.closeLink(token, stopped, WATCH_CLOSES.sharingStopped);
  }

  /** Viewers only listen: one that sends anything is closed. */
  spoke(socket: WebSocket): void {
    socket.close(WATCH_CLOSES.viewerSpoke.code, WATCH_CLOSES.viewerSpoke.message);
  }
}

/** The speakers' names before any final, when the owner gave some. */
function sendNames(sink: Sink, names: SpeakerNames): void {
  if (Object.keys(names).length > 0) sink.send(JSON.stringify({ type: "speakers", names }));
}

const correctionOf = (segment: LiveSegment) => ({ ...spokenFinal(segment), correction: true }) as const;

function sendFinals(sink: Sink, finals: readonly LiveSegment[], after: number): void {
  for (const segment of finals) {
    if (segment.seq > after) sink.send(JSON.stringify({ type: "transcript", is_final: true, ...segment }));
  }
}

/**
 * A reader of another language catching up: every final after `after` is asked for at once and
 * sent as its translation arrives (the page places finals by `seq`), so a slow one holds up none.
 * A final whose correction is on its way is translated once that is over (`standing`).
 */
async function catchUp(
  sink: Sink,
  finals: readonly LiveSegment[],
  after: number,
  reads: Language,
  translations: CaptionTranslations,
  standing: (segment: LiveSegment) => Promise<LiveSegment> = (segment) => Promise.resolve(segment),
): Promise<void> {
  await Promise.all(
    finals
      .filter((segment) => segment.seq > after)
      .map(async (segment) => {
        const final = await translations.final(await standing(segment), reads);
        try {
          sink.send(JSON.stringify(final));
        } catch {
          // The reader left while its captions were being translated.
        }
      }),
  );
}

const WAITING = JSON.stringify({ type: "waiting" } satisfies WatchServerMessage);
const ENDED = JSON.stringify({ type: "ended", reason: "session_ended" } satisfies WatchServerMessage);

/** A sink that keeps what it is sent, for a shard's viewer to be sent in turn. */
function collector(): Sink & { readonly messages: string[] } {
  const messages: string[] = [];
  return { messages, send: (data) => void messages.push(String(data)) };
}
