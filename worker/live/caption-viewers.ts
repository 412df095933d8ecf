import { LANGUAGES, type Language } from "../contracts/languages.ts";
import type { SpeakerNames } from "../transcripts/contracts/transcript.ts";
import { type CaptionTranslations, spokenFinal, TRANSLATION_WAIT_MS } from "./caption-translation.ts";
import type { LiveSegment, WatchServerMessage } from "./contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "./contracts/live-closes.ts";
import { viewerReserve } from "./contracts/live-constants.ts";

const VIEWER_TAG = "viewer";
/**
 * The audience gets the words being spoken at most this often (finals always, at once): an
 * interim is a preview the final replaces, and every one costs a send per viewer, so halving them
 * keeps a large audience's finals prompt (`npm run bench:captions`) and a slow phone calmer.
 */
const INTERIM_EVERY_MS = 500;
/** A tag per caption link, so revoking it closes exactly the sockets that came through it. */
const linkTag = (token: string) => `link:${token}`;
/** A tag per viewer address, so its share of the audience is counted without a list. */
const addressTag = (address: string) => `address:${address}`;
/** A tag per language read, so each final goes to its readers in theirs without a list. */
const readsTag = (language: Language) => `reads:${language}`;
/**
 * Readers who chose no language read the session's own, which a viewer waiting for the session to
 * start cannot know yet: they are tagged as such, and get the finals as spoken.
 */
const AS_SPOKEN_TAG = "reads:as-spoken";

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
 * waits costs nothing while the object sleeps.
 */
export class CaptionViewers {
  private interimSentAt = Number.NEGATIVE_INFINITY;
  /** The words being spoken now, for a viewer who joins mid-sentence. */
  private interim: WatchServerMessage | null = null;
  /** Translated finals on their way, which the session's end waits for. */
  private readonly translating = new Set<Promise<unknown>>();

  constructor(private readonly ctx: DurableObjectState) {}

  /**
   * Seats a viewer of a running session unless it already has `cap` of them, or only the reserve
   * is left and the viewer's address holds half the places or more: first the finals after
   * `after` (a late joiner gets them all, a reconnecting one what it missed, and the corrections
   * it may have missed of those it had), then the interim being spoken now.
   */
  admit(socket: WebSocket, view: ViewerRequest, catching: CatchUp, translations: CaptionTranslations): void {
    const refusal = this.refusal(view);
    if (refusal) {
      refuse(socket, refusal);
      return;
    }
    const reads = view.language ?? translations.source;
    this.seat(socket, view);
    sendNames(socket, catching.names);
    if (reads === translations.source) {
      sendFinals(socket, catching.finals, view.after);
      for (const segment of catching.corrected) socket.send(JSON.stringify(correctionOf(segment)));
    } else {
      this.track(catchUp(socket, catching.finals, view.after, reads, translations, catching.standing));
    }
    if (this.interim) socket.send(JSON.stringify(this.interim));
  }

  /**
   * Seats a viewer of a link made before its session started, on the same terms as `admit`: it is
   * told `waiting`, then gets what every viewer gets once the speaker starts.
   */
  wait(socket: WebSocket, view: ViewerRequest): void {
    const refusal = this.refusal(view);
    if (refusal) {
      refuse(socket, refusal);
      return;
    }
    this.seat(socket, view);
    socket.send(JSON.stringify({ type: "waiting" } satisfies WatchServerMessage));
  }

  /** The speaker started: viewers who were waiting stop waiting, before any words arrive. */
  started(): void {
    this.broadcast({ type: "started" });
  }

  private seat(socket: WebSocket, view: ViewerRequest): void {
    const reads = view.language ? readsTag(view.language) : AS_SPOKEN_TAG;
    this.ctx.acceptWebSocket(socket, [VIEWER_TAG, linkTag(view.token), addressTag(view.address), reads]);
  }

  private refusal({ cap, address }: ViewerRequest): LiveClose | null {
    const free = cap - this.ctx.getWebSockets(VIEWER_TAG).length;
    if (free <= 0) return WATCH_CLOSES.full;
    if (free > viewerReserve(cap)) return null;
    return this.ctx.getWebSockets(addressTag(address)).length * 2 >= cap ? WATCH_CLOSES.networkFull : null;
  }

  /**
   * A finished session's link reads as a transcript: every final after `after`, in the reader's
   * language (and, as spoken, the corrections it may have missed of those it had), then `ended`.
   */
  async replay(
    socket: WebSocket,
    catching: Omit<CatchUp, "standing">,
    after: number,
    reads: Language | undefined,
    translations: CaptionTranslations,
  ): Promise<void> {
    socket.accept();
    sendNames(socket, catching.names);
    if (reads === undefined || reads === translations.source) {
      sendFinals(socket, catching.finals, after);
      for (const segment of catching.corrected) socket.send(JSON.stringify(correctionOf(segment)));
    } else await catchUp(socket, catching.finals, after, reads, translations);
    closeWith(socket, { type: "ended", reason: "session_ended" }, WATCH_CLOSES.ended);
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
      if (language === translations.source || !this.ctx.getWebSockets(readsTag(language)).length) continue;
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

  /** Serialised once for the whole audience, or everyone reading one language. */
  private broadcast(message: WatchServerMessage, tag = VIEWER_TAG): void {
    const data = JSON.stringify(message);
    for (const socket of this.ctx.getWebSockets(tag)) {
      try {
        socket.send(data);
      } catch {
        // A viewer whose connection is closing misses nothing it could still read.
      }
    }
  }

  private track(sending: Promise<unknown>): void {
    this.translating.add(sending);
    void sending.finally(() => this.translating.delete(sending));
  }

  /** The session is over: every viewer is told, once the finals being translated have reached them, then closed. */
  async sessionEnded(): Promise<void> {
    this.interim = null;
    await Promise.all(this.translating);
    for (const socket of this.ctx.getWebSockets(VIEWER_TAG)) {
      closeWith(socket, { type: "ended", reason: "session_ended" }, WATCH_CLOSES.ended);
    }
  }

  /** The owner revoked the link: the viewers who came through it are told, then closed. */
  sharingStopped(token: string): void {
    for (const socket of this.ctx.getWebSockets(linkTag(token))) {
      closeWith(socket, { type: "ended", reason: "sharing_stopped" }, WATCH_CLOSES.sharingStopped);
    }
  }

  /** Viewers only listen: one that sends anything is closed. */
  spoke(socket: WebSocket): void {
    socket.close(WATCH_CLOSES.viewerSpoke.code, WATCH_CLOSES.viewerSpoke.message);
  }
}

/** The speakers' names before any final, when the owner gave some. */
function sendNames(socket: WebSocket, names: SpeakerNames): void {
  if (Object.keys(names).length > 0) socket.send(JSON.stringify({ type: "speakers", names }));
}

const correctionOf = (segment: LiveSegment) => ({ ...spokenFinal(segment), correction: true }) as const;

function sendFinals(socket: WebSocket, finals: readonly LiveSegment[], after: number): void {
  for (const segment of finals) {
    if (segment.seq > after) socket.send(JSON.stringify({ type: "transcript", is_final: true, ...segment }));
  }
}

/**
 * A reader of another language catching up: every final after `after` is asked for at once and
 * sent as its translation arrives (the page places finals by `seq`), so a slow one holds up none.
 * A final whose correction is on its way is translated once that is over (`standing`).
 */
async function catchUp(
  socket: WebSocket,
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
          socket.send(JSON.stringify(final));
        } catch {
          // The reader left while its captions were being translated.
        }
      }),
  );
}

function closeWith(socket: WebSocket, message: WatchServerMessage, close: LiveClose): void {
  try {
    socket.send(JSON.stringify(message));
    socket.close(close.code, close.message);
  } catch {
    // Already closing: nothing more to tell it.
  }
}

/** Answers a viewer that cannot be seated: the reason is the close itself. */
export function refuse(socket: WebSocket, close: LiveClose): void {
  socket.accept();
  socket.close(close.code, close.message);
}
