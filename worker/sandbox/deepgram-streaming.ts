import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  type ErrorBody,
  type LiveMetadata,
  type LiveResults,
  listenQueryObject,
  liveControl,
  streamingQuery,
} from "../providers/contracts/deepgram.ts";
import { modelInfo } from "./deepgram.ts";
import { briefingSentence } from "./spitch-corpus.ts";

/**
 * Emulates Deepgram's streaming `GET /v1/listen` WebSocket: the key as `Authorization: Token …`
 * (or the `token` subprotocol browsers use), interim `Results` while audio arrives and a final one
 * about every three seconds of audio, `KeepAlive`, `Finalize`, `CloseStream` (flush, `Metadata`,
 * close 1000), and the idle close after 10 s without audio or KeepAlive (1011 `NET-0001`). Query
 * flags and models are checked as the service checks them (400 before the upgrade), and every
 * message carries the fields the streaming description marks required.
 *
 * What it "hears" are the English sentences of the Spitch emulator's briefing, so a shared session's
 * captions translate into real Yorùbá, Hausa, Igbo and Naijá. `keyterm` is taken as the service
 * takes it: repeated, plain terms, Nova-3 models only. With `diarize_model` (`latest` or `v1`; the
 * description refuses `v2` for streaming) or the deprecated `diarize=true`, every word carries a
 * speaker number from 0: the briefing has a journalist, who says every third sentence of the
 * stream from the second on, as a recording of a briefing with questions does (`two-speakers.ts`).
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

const streamError = (status: number, err_code: string, err_msg: string) =>
  Response.json({ err_code, err_msg, request_id: crypto.randomUUID() } satisfies ErrorBody, { status });

sandboxDeepgramStreaming.get("/v1/listen", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return streamError(400, "Bad Request", "Expected a WebSocket upgrade.");
  }
  const auth = authorised(c.req.raw);
  if (!auth.ok) return streamError(401, "INVALID_AUTH", "Invalid credentials.");
  const query = new URL(c.req.url).searchParams;
  const options = streamingQuery.safeParse(listenQueryObject(query));
  if (!options.success) {
    const issue = options.error.issues[0];
    return streamError(400, "Bad Request", `Invalid query string. ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const failStatus = query.get("fail_status");
  if (failStatus === "401" || failStatus === "402" || failStatus === "429") {
    return streamError(Number(failStatus), "SANDBOX", "The sandbox was told to refuse this stream.");
  }

  const requestId = crypto.randomUUID();
  const model = await modelInfo(options.data.model ?? "base");
  // Hashed as it arrives, so an hour-long stream is never held in memory.
  const received = sha256.create();
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  // Binary frames arrive as Blobs unless asked for otherwise, and the metadata's hash reads bytes.
  server.binaryType = "arraybuffer";
  server.accept();
  let sentence = Number.parseInt(requestId.slice(0, 4), 16);
  const diarize = options.data.diarize_model !== undefined || options.data.diarize === "true";
  /** Sentences heard in this stream so far: who speaks follows from it. */
  let heardSentences = 0;
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
    const words = briefingSentence("en", sentence).split(" ");
    const heard =
      isFinal && framesInSentence >= FRAMES_PER_SENTENCE
        ? words.length
        : Math.ceil(words.length * (framesInSentence / FRAMES_PER_SENTENCE));
    const spoken = words.slice(0, Math.max(1, heard));
    const duration = framesInSentence * FRAME_SECONDS;
    const speaker = diarize ? { speaker: heardSentences % 3 === 1 ? 1 : 0 } : {};
    const results: LiveResults = {
      type: "Results",
      channel_index: [0, 1],
      start: Number(sentenceStart.toFixed(3)),
      duration: Number(duration.toFixed(3)),
      is_final: isFinal,
      speech_final: isFinal,
      from_finalize: false,
      channel: {
        alternatives: [
          {
            transcript: spoken.join(" "),
            confidence: 0.97,
            words: spoken.map((word, i) => ({
              word: word.toLowerCase().replace(/[^a-z0-9-]/g, ""),
              punctuated_word: word,
              start: Number((sentenceStart + (i * duration) / spoken.length).toFixed(3)),
              end: Number((sentenceStart + ((i + 1) * duration) / spoken.length).toFixed(3)),
              confidence: 0.97,
              ...speaker,
            })),
          },
        ],
      },
      metadata: { request_id: requestId, model_info: model.info, model_uuid: model.uuid },
    };
    send(results);
  };
  const flush = () => {
    if (framesInSentence === 0) return;
    results(true);
    sentenceStart += framesInSentence * FRAME_SECONDS;
    framesInSentence = 0;
    sentence++;
    heardSentences++;
  };

  server.addEventListener("message", (event) => {
    touch();
    if (typeof event.data !== "string") {
      received.update(new Uint8Array(event.data as ArrayBuffer));
      framesInSentence++;
      if (framesInSentence >= FRAMES_PER_SENTENCE) flush();
      else results(false);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      close(1008, "DATA-0000 the message could not be parsed");
      return;
    }
    const message = liveControl.safeParse(json);
    if (!message.success) return close(1008, "DATA-0000 unknown message type");
    if (message.data.type === "KeepAlive") return;
    if (message.data.type === "Finalize") return flush();
    flush();
    closeWithMetadata();
  });
  const closeWithMetadata = () => {
    if (closed) return;
    const metadata: LiveMetadata = {
      type: "Metadata",
      transaction_key: "deprecated",
      request_id: requestId,
      sha256: bytesToHex(received.digest()),
      created: new Date().toISOString(),
      duration: Number(sentenceStart.toFixed(3)),
      channels: 1,
    };
    send(metadata);
    close(1000, "");
  };
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
