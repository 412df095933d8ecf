import type { Language } from "../contracts/languages.ts";
import { loadConfig } from "../core/config.ts";
import { objectProviders } from "../core/object-providers.ts";
import { assemblyAiLive } from "../providers/assemblyai-live.ts";
import { deepgramLive } from "../providers/deepgram-live.ts";
import type { Provider } from "../providers/endpoint.ts";
import type { LiveStream, LiveTranscriber, LiveTranscript } from "../providers/live-transcription.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { stagesFor } from "../routing.ts";
import { LIVE_CLOSES, type LiveClose } from "./contracts/live-closes.ts";
import { LIVE_BUFFER_MS, LIVE_CHUNK_MS, type LiveEncoding } from "./contracts/live-constants.ts";
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
  // Whisper's languages, Yorùbá and Hausa among them; PCM only, until the relay decodes Opus.
  "assemblyai-streaming": {
    transcriber: assemblyAiLive,
    model: () => "whisper-rt",
    encodings: ["pcm_s16le"],
    detectsLanguage: true,
  },
};

/** Whether the provider the routing table gives `language` takes audio in `encoding`. */
export function liveTakes(language: Language, encoding: LiveEncoding): boolean {
  const { provider } = stagesFor("live", language)[0];
  return LIVE_TRANSCRIBERS[provider]?.encodings.includes(encoding) ?? false;
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
export interface StreamedSession {
  readonly origin: string;
  readonly extraQuery: string;
  readonly language: Language;
  readonly encoding: LiveEncoding;
  readonly keyterms: readonly string[];
  closedSeconds: number;
}

export interface ProviderStreamEvents {
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
    if (this.current?.live) this.current.live.sendAudio(frame);
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
      const extraQuery = new URLSearchParams(this.session.extraQuery);
      if (detectsLanguage && loadConfig(this.env).sandbox) extraQuery.set("sandbox_language", this.session.language);
      stream.live = await transcriber.connect(
        providers(provider),
        {
          model,
          language: this.session.language,
          encoding: this.session.encoding,
          keyterms: this.session.keyterms,
          extraQuery,
        },
        {
          onTranscript: (transcript) =>
            this.events.onTranscript({ ...transcript, start: Number((stream.offset + transcript.start).toFixed(3)) }),
          onProcessed: (seconds) => {
            stream.seconds = Math.max(stream.seconds, seconds);
          },
          onClose: (code, reason) => this.closed(stream, code, reason),
        },
      );
      this.open.add(stream);
      this.current = stream;
      for (const frame of this.pending) stream.live.sendAudio(frame);
      this.pending = [];
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

  private closed(stream: Stream, code: number, reason: string): void {
    if (!this.open.delete(stream)) return;
    this.session.closedSeconds += stream.seconds;
    if (stream !== this.current) return;
    this.current = null;
    this.events.onClose(closeForProviderClose(code, reason));
  }
}
