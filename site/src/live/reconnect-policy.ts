/** The first wait after a drop; each further attempt waits twice as long, up to the socket's cap. */
const FIRST_DELAY_MS = 500;

interface ReconnectOptions {
  /** The longest wait between two attempts. */
  readonly maxDelayMs: number;
  /** The device lost its network: a socket may look open for a long while on a dead one. */
  readonly onOffline?: () => void;
}

/**
 * When the site's sockets (a speaker's recording, a caption viewer's feed) try again after a drop:
 * back-off doubling from half a second, each wait varied by ±25 % so an audience cut at once does
 * not come back in step; none while the device is offline, and at once when it comes back.
 */
export class ReconnectPolicy {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** An attempt is owed: waiting out its delay, or for the device to come back online. */
  private due = false;

  constructor(
    private readonly reconnect: () => void,
    private readonly options: ReconnectOptions,
  ) {
    window.addEventListener("online", this.attemptNow);
    if (options.onOffline) window.addEventListener("offline", options.onOffline);
  }

  /** The socket works again: the next drop starts from the shortest wait. */
  connected(): void {
    this.attempt = 0;
  }

  /** Schedules the next attempt: after the back-off, or after `delayMs` when the refusal says how long. */
  retryLater(delayMs?: number): void {
    clearTimeout(this.timer);
    this.due = true;
    if (!navigator.onLine) return;
    const backoff = Math.min(this.options.maxDelayMs, FIRST_DELAY_MS * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt++;
    this.timer = setTimeout(this.attemptNow, delayMs ?? backoff);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.due = false;
    window.removeEventListener("online", this.attemptNow);
    if (this.options.onOffline) window.removeEventListener("offline", this.options.onOffline);
  }

  private readonly attemptNow = () => {
    if (!this.due) return;
    this.due = false;
    clearTimeout(this.timer);
    this.reconnect();
  };
}
