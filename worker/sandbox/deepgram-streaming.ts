import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { corpusSentence } from "./speech-corpus.ts";

/**
 * Emulates Deepgram's streaming `GET /v1/listen` WebSocket: the key as `Authorization: Token …`
 * (or the `token` subprotocol browsers use), interim `Results` while audio arrives and a final one
 * about every three seconds of audio, `KeepAlive`, `CloseStream` (flush, `Metadata`, close 1000),
 * and the idle close after 10 s without audio or KeepAlive (1011 `NET-0001`).
 *
 * Test-only query flags: `fail_status=401|402|429` refuses the upgrade; `fail_close=CODE` with
 * `fail_after_ms` and `fail_reason` closes the stream mid-session; `idle_ms` shortens the idle close.
 */
export const sandboxDeepgramStreaming = new Hono<AppEnv>();

const FRAME_SECONDS = 0.25;
const FRAMES_PER_SENTENCE = 12;
const DEFAULT_IDLE_MS = 10_000;

function bounded(value: string | null, min: number, max: number, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

function authorised(request: Request): { ok: boolean; subprotocol?: string } {
  const key = sandboxKey("deepgram");
  if (request.headers.get("authorization") === `Token ${key}`) return { ok: true };
  const protocols = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
  return protocols[0] === "token" && protocols[1] === key ? { ok: true, subprotocol: "token" } : { ok: false };
}

sandboxDeepgramStreaming.get("/v1/listen", (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ err_code: "Bad Request", err_msg: "Expected a WebSocket upgrade." }, 400);
  }
  const auth = authorised(c.req.raw);
  if (!auth.ok) return c.json({ err_code: "INVALID_AUTH", err_msg: "Invalid credentials." }, 401);
  const query = new URL(c.req.url).searchParams;
  const failStatus = query.get("fail_status");
  if (failStatus === "401" || failStatus === "402" || failStatus === "429") {
    return c.json(
      { err_code: "SANDBOX", err_msg: "The sandbox was told to refuse this stream." },
      Number(failStatus) as 401,
    );
  }

  const requestId = crypto.randomUUID();
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.accept();
  let sentence = Number.parseInt(requestId.slice(0, 4), 16);
  let framesInSentence = 0;
  let sentenceStart = 0;
  let closed = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const stopIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
  };

  const send = (message: object) => {
    if (!closed) server.send(JSON.stringify(message));
  };
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    stopIdle();
    server.close(code, reason);
  };
  const idleMs = bounded(query.get("idle_ms"), 100, DEFAULT_IDLE_MS, DEFAULT_IDLE_MS);
  const touch = () => {
    stopIdle();
    idleTimer = setTimeout(
      () =>
        close(
          1011,
          "Deepgram did not receive audio data or a text message within the timeout window. See https://dpgr.am/net0001 (NET-0001)",
        ),
      idleMs,
    );
  };
  const results = (isFinal: boolean) => {
    const words = corpusSentence(sentence).split(" ");
    const heard =
      isFinal && framesInSentence >= FRAMES_PER_SENTENCE
        ? words.length
        : Math.ceil(words.length * (framesInSentence / FRAMES_PER_SENTENCE));
    send({
      type: "Results",
      channel_index: [0, 1],
      start: Number(sentenceStart.toFixed(3)),
      duration: Number((framesInSentence * FRAME_SECONDS).toFixed(3)),
      is_final: isFinal,
      speech_final: isFinal,
      from_finalize: false,
      channel: {
        alternatives: [{ transcript: words.slice(0, Math.max(1, heard)).join(" "), confidence: 0.97, words: [] }],
      },
      metadata: { request_id: requestId },
    });
  };
  const flush = () => {
    if (framesInSentence === 0) return;
    results(true);
    sentenceStart += framesInSentence * FRAME_SECONDS;
    framesInSentence = 0;
    sentence++;
  };

  server.addEventListener("message", (event) => {
    touch();
    if (typeof event.data !== "string") {
      framesInSentence++;
      if (framesInSentence >= FRAMES_PER_SENTENCE) flush();
      else results(false);
      return;
    }
    let message: { type?: unknown } | null = null;
    try {
      message = JSON.parse(event.data) as { type?: unknown };
    } catch {
      close(1008, "DATA-0000 the message could not be parsed");
      return;
    }
    if (message?.type === "KeepAlive") return;
    if (message?.type === "Finalize") return flush();
    if (message?.type === "CloseStream") {
      flush();
      send({ type: "Metadata", request_id: requestId, duration: sentenceStart, channels: 1 });
      close(1000, "");
      return;
    }
    close(1008, "DATA-0000 unknown message type");
  });
  server.addEventListener("close", () => {
    closed = true;
    stopIdle();
  });
  touch();

  const failClose = query.get("fail_close");
  if (failClose) {
    setTimeout(
      () => close(bounded(failClose, 1000, 4999, 1011), query.get("fail_reason") ?? ""),
      bounded(query.get("fail_after_ms"), 0, 60_000, 0),
    );
  }
  return new Response(null, {
    status: 101,
    webSocket: client,
    headers: {
      "dg-request-id": requestId,
      ...(auth.subprotocol ? { "sec-websocket-protocol": auth.subprotocol } : {}),
    },
  });
});
