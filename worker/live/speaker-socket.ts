import { type LiveClientMessage, type LiveServerMessage, liveClientMessage } from "./contracts/live.ts";
import { LIVE_CLOSES, type LiveClose } from "./contracts/live-closes.ts";

/** The speaker's socket among the viewers' (`worker/live/caption-viewers.ts`) on the same object. */
const SPEAKER_TAG = "speaker";
/**
 * A page sends a frame every 250 ms while it records; an attached socket silent this long is a
 * connection that died without a close (mobile networks), so a resume may take its place.
 */
const STALE_SOCKET_MS = 5000;

/**
 * The page's socket on a session, accepted with the Hibernation API and found again by its tag
 * after the object woke. At most one speaks for the session at a time.
 */
export class SpeakerSocket {
  private attached: WebSocket | null = null;
  private lastHeardAt = 0;

  constructor(private readonly ctx: DurableObjectState) {}

  /** Takes `socket` as the session's page and tells it the session is ready. */
  attach(socket: WebSocket, ready: Extract<LiveServerMessage, { type: "ready" }>): void {
    this.ctx.acceptWebSocket(socket, [SPEAKER_TAG]);
    this.attached = socket;
    this.lastHeardAt = Date.now();
    this.send(ready);
  }

  /** The open socket of the session's page, if one is attached. */
  current(): WebSocket | null {
    this.attached ??=
      this.ctx.getWebSockets(SPEAKER_TAG).find((socket) => socket.readyState === WebSocket.OPEN) ?? null;
    return this.attached?.readyState === WebSocket.OPEN ? this.attached : null;
  }

  /**
   * Whether `socket` speaks for the session: frames the page sent just before it closed still
   * count; a refused or replaced socket's do not.
   */
  owns(socket: WebSocket): boolean {
    return this.attached === null || socket === this.attached;
  }

  heard(): void {
    this.lastHeardAt = Date.now();
  }

  /** When the page was last heard from (0 after the object woke). */
  get lastHeard(): number {
    return this.lastHeardAt;
  }

  /** Heard from lately, so a resume must not take its place. */
  isLively(): boolean {
    return Date.now() - this.lastHeardAt < STALE_SOCKET_MS;
  }

  detach(): void {
    this.attached = null;
  }

  send(message: LiveServerMessage, socket = this.current()): void {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  /** Closes the page's socket, saying why first when `announce`. */
  close(close: LiveClose, announce: boolean): void {
    const socket = this.current();
    this.attached = null;
    if (!socket) return;
    if (announce) this.send({ type: "error", code: close.code, message: close.message }, socket);
    socket.close(close.code, close.message);
  }
}

/** Answers a resume that cannot attach: the reason as a message, then the close. */
export function refuseSpeaker(socket: WebSocket, close: LiveClose): void {
  socket.accept();
  socket.send(JSON.stringify({ type: "error", code: close.code, message: close.message }));
  socket.close(close.code, close.message);
}

/** A text frame from the page: a control message, or the close whose words say what is wrong with it. */
export function readControl(text: string): LiveClientMessage | LiveClose {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return LIVE_CLOSES.controlNotJson;
  }
  const control = liveClientMessage.safeParse(json);
  return control.success ? control.data : LIVE_CLOSES.controlUnknown;
}
