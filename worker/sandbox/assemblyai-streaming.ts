import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  AUDIO_CHUNK_MS,
  type BeginMessage,
  BYTES_PER_SAMPLE,
  type ErrorMessage,
  STREAMING_CLOSES,
  streamingControl,
  streamingQuery,
  type TerminationMessage,
  type TurnMessage,
} from "../providers/contracts/assemblyai-streaming.ts";
import { soundsLikeSpeech, voicePrint } from "./heard-speech.ts";
import { asWhisperWrites, briefingSentence, CORPUS_LANGUAGES, type CorpusLanguage } from "./spitch-corpus.ts";

/**
 * Emulates AssemblyAI Universal-Streaming v3, `GET /v3/ws`: the key in `Authorization`, `Begin`
 * once open, a `Turn` for every audio chunk while a turn is spoken (`end_of_turn: false`, the
 * words so far), then the turn's end (unformatted, then formatted when `format_turns=true`) about
 * every three seconds of audio, `ForceEndpoint`, and `Terminate` (`Termination`, close 1000). It
 * refuses as the service does, after the upgrade, with an `Error` frame and a close of the same
 * code: 1008 for a missing or wrong key (temporary tokens are not emulated), 3006 for a query or
 * message the description does not allow, 3007 for a chunk outside 50–1000 ms of audio.
 *
 * It hears only what sounds like speech in the PCM the query names (`heard-speech.ts`): a turn of
 * silence, or of bytes that are not samples (WebM or compressed audio sent as pcm_s16le), gives no
 * Turn at all, as the service transcribes nothing from noise; its audio is still counted.
 *
 * whisper-rt detects the spoken language and takes no language parameter; the emulator cannot
 * hear, so the sandbox tells it with the test-only `sandbox_language` flag and it speaks the
 * briefing corpus in that language (English without it). Which sentence a turn says is its voice's
 * (`voicePrint`, once 100 ms of speech are heard, at 16 kHz 16-bit PCM; otherwise the next one),
 * so Spitch's emulator, sent the turn's audio, hears the same sentence. It writes that sentence as
 * Whisper writes Nigerian languages: Yorùbá without tone marks or under-dots, Hausa without its
 * hooked letters, which is what the accurate pass corrects. With `speaker_labels=true` two
 * speakers take turns, `A` then `B`; a turn under a second is `UNKNOWN`, as documented.
 *
 * Test-only flags, as the Deepgram emulator's: `fail_close=CODE` with `fail_after_ms` and
 * `fail_reason` ends the stream mid-session with an `Error` frame and that close.
 */
export const sandboxAssemblyAiStreaming = new Hono<AppEnv>();

const TURN_MS = 3000;
const SHORT_TURN_MS = 1000;
const SANDBOX_FLAGS = ["sandbox_language", "fail_close", "fail_after_ms", "fail_reason"];

function bounded(value: string | null, min: number, max: number, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

const plain = (word: string) => word.toLocaleLowerCase().replace(/[^\p{L}\p{M}\p{N}'-]/gu, "");
/** The first bytes of a turn kept to hear its voice by: three seconds, a turn's length. */
const TURN_PRINT_BYTES = 96_000;

sandboxAssemblyAiStreaming.get("/v3/ws", (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "Expected a WebSocket upgrade." }, 400);
  }
  const url = new URL(c.req.url);
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  // Chunk lengths are checked as they arrive, which a Blob (the runtime's default) would delay.
  server.binaryType = "arraybuffer";
  server.accept();
  const response = new Response(null, { status: 101, webSocket: client });

  let closed = false;
  const send = (message: BeginMessage | TurnMessage | TerminationMessage | ErrorMessage) => {
    if (!closed) server.send(JSON.stringify(message));
  };
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    if (inactivity !== undefined) clearTimeout(inactivity);
    server.close(code, reason);
  };
  const fail = (code: number, error: string) => {
    send({ type: "Error", error_code: code, error });
    close(code, error.length > 123 ? "See Error message for details" : error);
  };
  let inactivity: ReturnType<typeof setTimeout> | undefined;

  const key = c.req.header("authorization");
  if (url.searchParams.has("token")) {
    fail(STREAMING_CLOSES.unauthorized, "Unauthorized Connection: Invalid temporary token");
    return response;
  }
  if (!key) {
    fail(STREAMING_CLOSES.unauthorized, "Unauthorized Connection: Missing Authorization header");
    return response;
  }
  if (key !== sandboxKey("assemblyai-streaming")) {
    fail(STREAMING_CLOSES.unauthorized, "Unauthorized Connection: Invalid API key");
    return response;
  }
  const documented = Object.fromEntries([...url.searchParams].filter(([name]) => !SANDBOX_FLAGS.includes(name)));
  const parsed = streamingQuery.safeParse(documented);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(STREAMING_CLOSES.invalidMessage, `Input validation error: ${issue?.path.join(".")}: ${issue?.message}`);
    return response;
  }
  const query = parsed.data;
  const spoken = url.searchParams.get("sandbox_language");
  const language: CorpusLanguage = CORPUS_LANGUAGES.find((code) => code === spoken) ?? "en";
  const sampleRate = query.sample_rate ?? 16_000;
  const bytesPerMs = (sampleRate * BYTES_PER_SAMPLE[query.encoding]) / 1000;
  const opened = Date.now();
  const sessionId = crypto.randomUUID();

  let audioMs = 0;
  /** Audio that sounded like speech in the turn being spoken. */
  let spokenMs = 0;
  let turnOrder = 0;
  let turnStartMs = 0;
  let sentence = Number.parseInt(sessionId.slice(0, 4), 16);
  const printable = query.encoding === "pcm_s16le" && sampleRate === 16_000;
  /**
   * The turn's first audio (three seconds at most), until its voice is heard; then the sentence
   * that voice says. A turn silent that long keeps the next sentence in order.
   */
  const turnAudio = new Uint8Array(TURN_PRINT_BYTES);
  let turnHeard = 0;
  let turnSentence: number | null = null;
  const listen = (chunk: ArrayBuffer) => {
    if (!printable || turnSentence !== null || turnHeard === TURN_PRINT_BYTES) return;
    const part = new Uint8Array(chunk).subarray(0, TURN_PRINT_BYTES - turnHeard);
    turnAudio.set(part, turnHeard);
    turnHeard += part.length;
    turnSentence = voicePrint(turnAudio.subarray(0, turnHeard));
  };

  const turn = (endOfTurn: boolean, formatted: boolean): TurnMessage => {
    const words = asWhisperWrites(briefingSentence(language, turnSentence ?? sentence), language).split(" ");
    const turnMs = audioMs - turnStartMs;
    const heard = endOfTurn ? words.length : Math.max(1, Math.ceil((words.length * turnMs) / TURN_MS));
    const said = words.slice(0, Math.min(words.length, heard));
    const span = turnMs / Math.max(1, said.length);
    const text = (word: string) => (formatted ? word : plain(word));
    const finalWords = endOfTurn ? said.length : said.length - 1;
    const message: TurnMessage = {
      type: "Turn",
      turn_order: turnOrder,
      turn_is_formatted: formatted,
      end_of_turn: endOfTurn,
      transcript: said.slice(0, finalWords).map(text).join(" "),
      end_of_turn_confidence: endOfTurn ? 0.92 : 0.05,
      words: said.map((word, i) => ({
        text: text(word),
        start: Math.round(turnStartMs + i * span),
        end: Math.round(turnStartMs + (i + 1) * span),
        confidence: 0.9,
        word_is_final: endOfTurn || i < finalWords,
      })),
    };
    if (endOfTurn) message.utterance = message.transcript;
    if (query.speaker_labels === "true") {
      message.speaker_label = turnMs < SHORT_TURN_MS ? "UNKNOWN" : turnOrder % 2 === 0 ? "A" : "B";
    }
    return message;
  };
  const endTurn = () => {
    if (audioMs === turnStartMs) return;
    if (spokenMs > 0) {
      send(turn(true, false));
      if (query.format_turns === "true") send(turn(true, true));
      turnOrder++;
      sentence++;
    }
    spokenMs = 0;
    turnStartMs = audioMs;
    turnHeard = 0;
    turnSentence = null;
  };
  const terminate = () => {
    endTurn();
    send({
      type: "Termination",
      audio_duration_seconds: Math.round(audioMs / 1000),
      session_duration_seconds: Math.round((Date.now() - opened) / 1000),
    });
    close(1000, "");
  };
  const touch = () => {
    if (query.inactivity_timeout === undefined) return;
    if (inactivity !== undefined) clearTimeout(inactivity);
    inactivity = setTimeout(terminate, query.inactivity_timeout * 1000);
  };

  server.addEventListener("message", (event) => {
    if (closed) return;
    touch();
    if (typeof event.data !== "string") {
      const chunkMs = (event.data as ArrayBuffer).byteLength / bytesPerMs;
      if (chunkMs < AUDIO_CHUNK_MS.min || chunkMs > AUDIO_CHUNK_MS.max) {
        fail(
          STREAMING_CLOSES.inputDuration,
          `Input duration violation: ${Math.round(chunkMs)} ms. Expected between ${AUDIO_CHUNK_MS.min} and ${AUDIO_CHUNK_MS.max} ms`,
        );
        return;
      }
      audioMs += chunkMs;
      if (soundsLikeSpeech(event.data as ArrayBuffer, query.encoding)) spokenMs += chunkMs;
      listen(event.data as ArrayBuffer);
      if (audioMs - turnStartMs >= TURN_MS) endTurn();
      // Words are written once the voice says which sentence it is, as a recogniser needs to hear some first.
      else if (spokenMs > 0 && (turnSentence !== null || !printable)) send(turn(false, false));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      fail(STREAMING_CLOSES.invalidMessage, `Invalid JSON: ${event.data.slice(0, 60)}`);
      return;
    }
    const message = streamingControl.safeParse(json);
    if (!message.success) {
      fail(STREAMING_CLOSES.invalidMessage, `Invalid Message Type: ${JSON.stringify(json).slice(0, 60)}`);
      return;
    }
    if (message.data.type === "ForceEndpoint") endTurn();
    else if (message.data.type === "Terminate") terminate();
  });
  server.addEventListener("close", () => {
    closed = true;
    if (inactivity !== undefined) clearTimeout(inactivity);
  });

  send({ type: "Begin", id: sessionId, expires_at: Math.floor(opened / 1000) + 3 * 3600 });
  touch();
  const failClose = url.searchParams.get("fail_close");
  if (failClose) {
    setTimeout(
      () => fail(bounded(failClose, 1000, 4999, 3005), url.searchParams.get("fail_reason") ?? "Session Cancelled"),
      bounded(url.searchParams.get("fail_after_ms"), 0, 60_000, 0),
    );
  }
  return response;
});
