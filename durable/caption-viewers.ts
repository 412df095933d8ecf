import type { LiveSegment, WatchServerMessage } from "../worker/contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "../worker/contracts/live-closes.ts";
import { viewerReserve } from "../worker/contracts/live-constants.ts";

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

interface ViewerRequest {
  readonly token: string;
  readonly after: number;
  /** The session's places: its owner's plan's viewers. */
  readonly cap: number;
  /** Where the viewer connects from, IPv6 by its /64. */
  readonly address: string;
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

  constructor(private readonly ctx: DurableObjectState) {}

  /**
   * Seats a viewer of a running session unless it already has `cap` of them, or only the reserve
   * is left and the viewer's address holds half the places or more: first the finals after
   * `after` (a late joiner gets them all, a reconnecting one what it missed), then the interim
   * being spoken now.
   */
  admit(socket: WebSocket, view: ViewerRequest, finals: readonly LiveSegment[]): void {
    const refusal = this.refusal(view);
    if (refusal) {
      refuse(socket, refusal);
      return;
    }
    this.ctx.acceptWebSocket(socket, [VIEWER_TAG, linkTag(view.token), addressTag(view.address)]);
    sendFinals(socket, finals, view.after);
    if (this.interim) socket.send(JSON.stringify(this.interim));
  }

  private refusal({ cap, address }: ViewerRequest): LiveClose | null {
    const free = cap - this.ctx.getWebSockets(VIEWER_TAG).length;
    if (free <= 0) return WATCH_CLOSES.full;
    if (free > viewerReserve(cap)) return null;
    return this.ctx.getWebSockets(addressTag(address)).length * 2 >= cap ? WATCH_CLOSES.networkFull : null;
  }

  /** A finished session's link reads as a transcript: every final after `after`, then `ended`. */
  replay(socket: WebSocket, finals: readonly LiveSegment[], after: number): void {
    socket.accept();
    sendFinals(socket, finals, after);
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

  /** A final replaces the words being spoken. */
  broadcastFinal(message: WatchServerMessage): void {
    this.interim = null;
    this.broadcast(message);
  }

  /** Serialised once for the whole audience. */
  private broadcast(message: WatchServerMessage): void {
    const data = JSON.stringify(message);
    for (const socket of this.ctx.getWebSockets(VIEWER_TAG)) {
      try {
        socket.send(data);
      } catch {
        // A viewer whose connection is closing misses nothing it could still read.
      }
    }
  }

  /** The session is over: every viewer is told, then closed. */
  sessionEnded(): void {
    this.interim = null;
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

function sendFinals(socket: WebSocket, finals: readonly LiveSegment[], after: number): void {
  for (const segment of finals) {
    if (segment.seq > after) socket.send(JSON.stringify({ type: "transcript", is_final: true, ...segment }));
  }
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
