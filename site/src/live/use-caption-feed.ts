import { API } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import type { CaptionTranscriptMessage, LiveSegment, WatchServerMessage } from "@worker/live/contracts/live.ts";
import { liveCloseMessage, PAGE_WENT_OFFLINE, WATCH_CLOSES } from "@worker/live/contracts/live-closes.ts";
import { UNLABELLED_SPEAKER } from "@worker/live/contracts/live-constants.ts";
import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { useEffect, useState } from "react";
import type { ZodType } from "zod";
import { loadSchema } from "../api/client.ts";
import { socketUrl } from "../api/socket-url.ts";
import { watchServerMessages } from "./live-api.ts";
import { ReconnectPolicy } from "./reconnect-policy.ts";

/**
 * connecting → (waiting, for a link made before recording →) live ⇄ reconnecting → ended (the
 * session is over) or stopped (the speaker revoked the link); refused covers links that do not
 * work and audiences that are full or too busy.
 */
type FeedStatus = "connecting" | "waiting" | "live" | "reconnecting" | "ended" | "stopped" | "refused";

/** A final as read: `language` and `original` when the reader chose a language (see the contract). */
export type CaptionLine = LiveSegment & Pick<CaptionTranscriptMessage, "language" | "original">;

export interface CaptionFeed {
  readonly status: FeedStatus;
  /** In `seq` order, whatever order they arrived in. */
  readonly finals: readonly CaptionLine[];
  readonly interim: string;
  /** The names the speaker gave the voices, by label. */
  readonly names: SpeakerNames;
  /** Why the captions cannot be shown, in the relay's words. */
  readonly problem: string | null;
}

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
 * A caption link's listen-only socket, reading in `language` (null: as spoken): finals placed by
 * `seq` (translated ones arrive as each is ready; a reconnect asks only for those after the last
 * it has without a gap), the current interim, and how it ended. Reconnects after a drop
 * (`ReconnectPolicy`). A new language starts over from the first final, so what is already shown
 * is read again in it. Waits while `enabled` is false (the reader's stored choice is not read yet).
 */
export function useCaptionFeed(token: string | undefined, language: Language | null, enabled = true): CaptionFeed {
  const [feed, setFeed] = useState<CaptionFeed>({
    status: "connecting",
    finals: [],
    interim: "",
    names: {},
    problem: null,
  });

  useEffect(() => {
    if (!enabled) return;
    if (!token) {
      setFeed({ status: "refused", finals: [], interim: "", names: {}, problem: "This caption link is incomplete." });
      return;
    }
    setFeed((current) => ({ ...current, finals: [], interim: "" }));
    let socket: WebSocket | null = null;
    const received = new Set<number>();
    /** The last final before the first one missing: what a reconnect asks to continue after. */
    let lastSeq = 0;
    let over = false;
    /** The speaker has not started: a reconnect keeps saying so rather than "live". */
    let waiting = false;

    let messages: Promise<ZodType<WatchServerMessage>> | null = null;

    const show = (message: WatchServerMessage) => {
      // A socket being replaced (another language, the page leaving) says nothing more.
      if (over) return;
      if (message.type === "ended") {
        over = true;
        const status = message.reason === "sharing_stopped" ? "stopped" : "ended";
        setFeed((current) => ({ ...current, status, interim: "" }));
      } else if (message.type === "speakers") {
        setFeed((current) => ({ ...current, names: message.names }));
      } else if (message.type === "waiting" || message.type === "started") {
        waiting = message.type === "waiting";
        setFeed((current) => ({ ...current, status: waiting ? "waiting" : "live" }));
      } else if (waiting) {
        // Words from a session that started while this reader was reconnecting.
        waiting = false;
        setFeed((current) => ({ ...current, status: "live" }));
        show(message);
      } else if (!message.is_final) {
        setFeed((current) => ({ ...current, interim: message.text }));
      } else if (message.correction) {
        const { seq, text } = message;
        setFeed((current) => ({
          ...current,
          finals: current.finals.map((final) => (final.seq === seq ? { ...final, text } : final)),
        }));
      } else if (message.seq !== undefined && !received.has(message.seq)) {
        received.add(message.seq);
        while (received.has(lastSeq + 1)) lastSeq++;
        const { type: _type, is_final: _final, ...line } = message;
        const final = { ...line, seq: message.seq, speaker: message.speaker ?? UNLABELLED_SPEAKER };
        setFeed((current) => ({ ...current, finals: placed(current.finals, final), interim: "" }));
      }
    };

    const connect = () => {
      const ws = new WebSocket(
        socketUrl(API.live.path.watch, { token, after: String(lastSeq), ...(language ? { language } : {}) }),
      );
      socket = ws;
      ws.addEventListener("open", () => {
        reconnection.connected();
        setFeed((current) => ({ ...current, status: waiting ? "waiting" : "live", problem: null }));
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
  }, [token, language, enabled]);

  return feed;
}

function placed(finals: readonly CaptionLine[], final: CaptionLine): CaptionLine[] {
  const at = finals.findIndex((line) => line.seq > final.seq);
  return at === -1 ? [...finals, final] : [...finals.slice(0, at), final, ...finals.slice(at)];
}
