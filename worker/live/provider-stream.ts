import type { Language } from "../contracts/languages.ts";
import { loadConfig } from "../core/config.ts";
import { objectProviders } from "../core/object-providers.ts";
import { assemblyAiLive } from "../providers/assemblyai-live.ts";
import { deepgramLive } from "../providers/deepgram-live.ts";
import type { Provider } from "../providers/endpoint.ts";
import type { LiveStream, LiveTranscriber, LiveTranscript } from "../providers/live-transcription.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { stagesFor } from "../routing.ts";
import type { PcmHistory } from "./audio/pcm-history.ts";
import { UndecodableAudio, WebmOpusToPcm } from "./audio/webm-opus-to-pcm.ts";
import { LIVE_CLOSES, type LiveClose } from "./contracts/live-closes.ts";
import { LIVE_BUFFER_MS, LIVE_CHUNK_MS, type LiveEncoding } from "./contracts/live-constants.ts";
import { spitchNearLive } from "./near-live-spitch.ts";
import { closeForProviderClose, closeForRefusedStream } from "./provider-closes.ts";

/** One provider stream; a session has more than one when the stream had to be reopened. */
interface Stream {
  live: LiveStream | null;
  /** Session seconds at which this stream's audio begins, so timestamps keep counting up. */
  readonly offset: number;
  /** Audio the provider reported processing in this stream. */
  seconds: number;
}

/**
 * The streaming adapter for each provider the routing table may give live captions, the model it
 * streams with (Deepgram's comes from configuration, so a model retirement is a config change),
 * the audio it takes, and whether it detects the language itself (then the sandbox, which cannot
 * hear, is told it with a test-only flag).
 */
const LIVE_TRANSCRIBERS: Partial<
  Record<
    Provider,
    {
      readonly transcriber: LiveTranscriber;
      readonly model: (env: Env) => string;
      readonly encodings: readonly LiveEncoding[];
      readonly detectsLanguage: boolean;
    }
  >
> = {
  deepgram: {
    transcriber: deepgramLive,
    model: (env) => loadConfig(env).models.analysis,
    encodings: ["webm-opus", "pcm_s16le"],
    detectsLanguage: false,
  },
  // Whisper's languages, Yorùbá and Hausa among them; raw PCM only, so the page's Opus is decoded.
  "assemblyai-streaming": {
    transcriber: assemblyAiLive,
    model: () => "whisper-rt",
    encodings: ["pcm_s16le"],
    detectsLanguage: true,
  },
  // Igbo: no streaming recogniser lists it, so segments cut at pauses go to Spitch's transcription.
  spitch: {
    transcriber: spitchNearLive,
    model: () => "spitch",
    encodings: ["pcm_s16le"],
    detectsLanguage: false,
  },
};

/**
 * How a session's audio reaches the provider the routing table gives `language`: as sent, when
 * the provider takes `encoding`; decoded to PCM by the relay, when the page sends WebM Opus and
 * the provider takes only PCM; `null` when it cannot. A worker test holds that every served
 * language has a path for every encoding a ticket may name, so the ticket route checks only the
 * language and the relay never meets a session it cannot feed.
 */
export function liveAudioPath(
  language: Language,
  encoding: LiveEncoding,
): { readonly sends: LiveEncoding; readonly decodes: boolean } | null {
  const { provider } = stagesFor("live", language)[0];
  const takes = LIVE_TRANSCRIBERS[provider]?.encodings ?? [];
  if (takes.includes(encoding)) return { sends: encoding, decodes: false };
  if (encoding === "webm-opus" && takes.includes("pcm_s16le")) return { sends: "pcm_s16le", decodes: true };
  return null;
}

/** The adapter and model for a session spoken in `language`, as the routing table's live row says. */
function liveTranscriberFor(env: Env, language: Language) {
  const { provider } = stagesFor("live", language)[0];
  const live = LIVE_TRANSCRIBERS[provider];
  if (!live) throw new Error(`live captions have no streaming adapter for ${provider}`);
  return { provider, ...live, model: live.model(env) };
}

/** Audio that arrives while a provider stream is opening: at most what the page itself buffers. */
const MAX_PENDING_FRAMES = LIVE_BUFFER_MS / LIVE_CHUNK_MS;

/** What the streams need of the session: where it was opened, what is spoken, and the audio of streams gone. */
interface StreamedSession {
  readonly origin: string;
  readonly extraQuery: string;
  readonly language: Language;
  readonly encoding: LiveEncoding;
  readonly keyterms: readonly string[];
  closedSeconds: number;
}

interface ProviderStreamEvents {
  /** Text, timed from the start of the session's audio rather than of its stream. */
  readonly onTranscript: (transcript: LiveTranscript) => void;
  /** The stream audio goes to was closed by the provider (a replaced stream's close is only counted). */
  readonly onClose: (close: LiveClose) => void;
  /** The provider would not open a stream. */
  readonly onRefused: (close: LiveClose) => Promise<void>;
}

/**
 * A session's side of the provider: the stream its audio goes to, and a replaced one still
 * flushing its last finals. Audio that arrives while a stream opens waits for it. Counts the
 * audio the provider reports processing, across every stream the session had.
 */
export class ProviderStreams {
  private current: Stream | null = null;
  private readonly open = new Set<Stream>();
  private opening: Promise<void> | null = null;
  private pending: ArrayBuffer[] = [];

  constructor(
    private readonly env: Env,
    private readonly session: StreamedSession,
    private readonly events: ProviderStreamEvents,
    private readonly label: string,
    /** Where the PCM sent is kept for the accurate pass, when the session has one. */
    private readonly heard: PcmHistory | null = null,
  ) {}

  /** A stream is open or opening. */
  get running(): boolean {
    return this.current !== null || this.opening !== null;
  }

  start(): void {
    this.opening = this.connect();
  }

  /** A new stream for audio that starts afresh; the current one flushes its finals and closes. */
  async restart(): Promise<void> {
    if (this.opening) await this.opening;
    this.current?.live?.finish();
    this.current = null;
    this.start();
  }

  /** Sends a frame, or holds it while a stream opens; false when there is no stream to take it. */
  sendAudio(frame: ArrayBuffer): boolean {
    if (this.current?.live) this.send(this.current, frame);
    else if (!this.opening) return false;
    else if (this.pending.length < MAX_PENDING_FRAMES) this.pending.push(frame);
    return true;
  }

  dropPending(): void {
    this.pending = [];
  }

  keepAlive(): void {
    for (const stream of this.open) stream.live?.keepAlive();
  }

  /** Asks the provider to flush its last finals and close; false when there was no stream to. */
  async finish(): Promise<boolean> {
    if (this.opening) await this.opening;
    if (!this.current?.live) return false;
    this.current.live.finish();
    return true;
  }

  /** Closes every stream now, counting the audio each processed. */
  close(): void {
    for (const stream of [...this.open]) {
      this.open.delete(stream);
      this.session.closedSeconds += stream.seconds;
      stream.live?.close();
    }
    this.current = null;
  }

  processedSeconds(): number {
    let seconds = this.session.closedSeconds;
    for (const stream of this.open) seconds += stream.seconds;
    return seconds;
  }

  private async connect(): Promise<void> {
    const stream: Stream = { live: null, offset: this.processedSeconds(), seconds: 0 };
    try {
      const providers = objectProviders(this.env, this.session.origin);
      const { provider, transcriber, model, detectsLanguage } = liveTranscriberFor(this.env, this.session.language);
      const path = liveAudioPath(this.session.language, this.session.encoding);
      if (!path) throw new Error(`${provider} takes no ${this.session.encoding} audio, decoded or not`);
      const decoded = path.decodes ? new WebmOpusToPcm() : null;
      const extraQuery = new URLSearchParams(this.session.extraQuery);
      if (detectsLanguage && loadConfig(this.env).sandbox) extraQuery.set("sandbox_language", this.session.language);
      stream.live = await transcriber.connect(
        providers(provider),
        {
          model,
          language: this.session.language,
          encoding: path.sends,
          keyterms: this.session.keyterms,
          extraQuery,
        },
        {
          onTranscript: (transcript) =>
            this.events.onTranscript({ ...transcript, start: Number((stream.offset + transcript.start).toFixed(3)) }),
          onProcessed: (seconds) => {
            stream.seconds = Math.max(stream.seconds, seconds);
          },
          onClose: (code, reason) => {
            decoded?.close();
            this.closed(stream, code, reason);
          },
        },
      );
      const heard = path.sends === "pcm_s16le" ? this.heard : null;
      heard?.restartAt(stream.offset);
      if (decoded || heard) stream.live = pcmStream(stream.live, decoded, heard);
      this.open.add(stream);
      this.current = stream;
      const held = this.pending;
      this.pending = [];
      for (const frame of held) if (!this.send(stream, frame)) break;
    } catch (error) {
      console.error(`${this.label} provider stream refused`, error);
      await this.events.onRefused(
        error instanceof ProviderError && error.status >= 400
          ? closeForRefusedStream(error.status)
          : LIVE_CLOSES.serviceFailed,
      );
    } finally {
      this.opening = null;
    }
  }

  /**
   * Audio the relay cannot decode ends the stream as a provider's refusal of it would (1003): our
   * side closes it, and the provider's close that follows is only counted.
   */
  private send(stream: Stream, frame: ArrayBuffer): boolean {
    try {
      stream.live?.sendAudio(frame);
      return true;
    } catch (error) {
      if (!(error instanceof UndecodableAudio)) throw error;
      console.error(`${this.label} audio could not be decoded: ${error.message}`);
      stream.live?.close();
      if (!this.open.delete(stream)) return false;
      this.session.closedSeconds += stream.seconds;
      if (stream === this.current) {
        this.current = null;
        this.events.onClose(LIVE_CLOSES.audioNotDecoded);
      }
      return false;
    }
  }

  private closed(stream: Stream, code: number, reason: string): void {
    if (!this.open.delete(stream)) return;
    this.session.closedSeconds += stream.seconds;
    if (stream !== this.current) return;
    this.current = null;
    this.events.onClose(closeForProviderClose(code, reason));
  }
}

/**
 * A PCM stream fed through the relay: the page's WebM Opus decoded first when `decoded` is given
 * (its decoder freed as the stream closes), and the PCM sent kept in `heard` for the accurate pass.
 */
function pcmStream(live: LiveStream, decoded: WebmOpusToPcm | null, heard: PcmHistory | null): LiveStream {
  return {
    sendAudio: (frame) => {
      const pcm = decoded ? decoded.push(frame) : frame;
      if (!pcm.byteLength) return;
      heard?.push(pcm);
      live.sendAudio(pcm);
    },
    keepAlive: () => live.keepAlive(),
    finish: () => live.finish(),
    close: () => {
      decoded?.close();
      live.close();
    },
  };
}
