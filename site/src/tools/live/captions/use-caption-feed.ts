import type { LiveSegment, WatchServerMessage } from "@contracts/live.ts";
import { liveCloseMessage, PAGE_WENT_OFFLINE, WATCH_CLOSES } from "@contracts/live-closes.ts";
import { useEffect, useState } from "react";
import type { ZodType } from "zod";
import { loadSchema } from "../../../api/client.ts";
import { watchServerMessages } from "../../../api/live.ts";
import { socketUrl } from "../../../api/socket-url.ts";
import { ReconnectPolicy } from "../reconnect-policy.ts";

/**
 * connecting → live ⇄ reconnecting → ended (the session is over) or stopped (the speaker revoked
 * the link); refused covers links that do not work and audiences that are full or too busy.
 */
export type FeedStatus = "connecting" | "live" | "reconnecting" | "ended" | "stopped" | "refused";

export interface CaptionFeed {
  readonly status: FeedStatus;
  readonly finals: readonly LiveSegment[];
  readonly interim: string;
  /** Why the captions cannot be shown, in the relay's words. */
  readonly problem: string | null;
}

const WATCH_PATH = "/api/live/watch";
/** Closes that end watching for good; any other is a drop, retried with `after`. */
const FINAL_CLOSES = new Set<number>([
  WATCH_CLOSES.sharingStopped.code,
  WATCH_CLOSES.unknownLink.code,
  WATCH_CLOSES.viewerSpoke.code,
]);
/** The session is full, or full for this network, or this network is too busy: worth trying again, slowly. */
const BUSY_CLOSES = new Set<number>([
  WATCH_CLOSES.full.code,
  WATCH_CLOSES.networkFull.code,
  WATCH_CLOSES.rateLimited.code,
]);
const BUSY_RETRY_MS = 30_000;

/**
 * A caption link's listen-only socket: finals in order (a reconnect asks only for those after the
 * last it has), the current interim, and how it ended. Reconnects after a drop (`ReconnectPolicy`).
 */
export function useCaptionFeed(token: string | undefined): CaptionFeed {
  const [feed, setFeed] = useState<CaptionFeed>({ status: "connecting", finals: [], interim: "", problem: null });

  useEffect(() => {
    if (!token) {
      setFeed({ status: "refused", finals: [], interim: "", problem: "This caption link is incomplete." });
      return;
    }
    let socket: WebSocket | null = null;
    let lastSeq = 0;
    let over = false;

    let messages: Promise<ZodType<WatchServerMessage>> | null = null;

    const show = (message: WatchServerMessage) => {
      if (message.type === "ended") {
        over = true;
        const status = message.reason === "sharing_stopped" ? "stopped" : "ended";
        setFeed((current) => ({ ...current, status, interim: "" }));
      } else if (!message.is_final) {
        setFeed((current) => ({ ...current, interim: message.text }));
      } else if (message.seq !== undefined && message.seq > lastSeq) {
        lastSeq = message.seq;
        const segment = { seq: message.seq, text: message.text, start: message.start, duration: message.duration };
        setFeed((current) => ({ ...current, finals: [...current.finals, segment], interim: "" }));
      }
    };

    const connect = () => {
      const ws = new WebSocket(socketUrl(WATCH_PATH, { token, after: String(lastSeq) }));
      socket = ws;
      ws.addEventListener("open", () => {
        reconnection.connected();
        setFeed((current) => ({ ...current, status: "live", problem: null }));
      });
      // Each message waits for the schema, and the close for the messages before it: in order.
      let queue = Promise.resolve();
      ws.addEventListener("message", (event) => {
        if (typeof event.data !== "string") return;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        queue = queue
          .then(async () => {
            // The schema (and zod) loads with the first message, not with the page: a link that
            // does not work never needs it.
            messages ??= loadSchema(watchServerMessages);
            const parsed = (await messages).safeParse(data);
            if (parsed.success) show(parsed.data);
          })
          .catch(() => {
            // The connection dropped before the schema arrived: reconnect, asking for what was missed.
            messages = null;
            ws.close(PAGE_WENT_OFFLINE, "offline");
          });
      });
      const closed = (event: CloseEvent) => {
        if (socket !== ws || over) return;
        socket = null;
        if (FINAL_CLOSES.has(event.code)) {
          over = true;
          const status = event.code === WATCH_CLOSES.sharingStopped.code ? "stopped" : "refused";
          setFeed((current) => ({
            ...current,
            status,
            interim: "",
            problem: liveCloseMessage(event.code) ?? (event.reason || null),
          }));
          return;
        }
        const busy = BUSY_CLOSES.has(event.code);
        setFeed((current) => ({
          ...current,
          status: busy ? "refused" : "reconnecting",
          problem: busy ? (liveCloseMessage(event.code) ?? event.reason) : null,
        }));
        reconnection.retryLater(busy ? BUSY_RETRY_MS : undefined);
      };
      ws.addEventListener("close", (event) => {
        queue = queue.then(() => closed(event));
      });
    };

    const reconnection = new ReconnectPolicy(connect, { maxDelayMs: 15_000 });
    connect();
    return () => {
      over = true;
      reconnection.dispose();
      socket?.close(1000, "page closed");
    };
  }, [token]);

  return feed;
}
