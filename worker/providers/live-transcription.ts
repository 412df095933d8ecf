import type { LiveEncoding } from "../live/contracts/live-constants.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerFetch } from "./provider-error.ts";

/**
 * What the relay needs from a streaming speech provider. Deepgram (`deepgram-live.ts`) and
 * AssemblyAI Universal-Streaming (`assemblyai-live.ts`) implement it: audio in, partial and final
 * text out, a keep-alive, a graceful finish, and a close code with a reason.
 */

interface LiveText {
  readonly text: string;
  /** Seconds from the start of the stream. */
  readonly start: number;
  readonly duration: number;
}

/**
 * Words being spoken (an interim), or a final with who said it: speakers are "1", "2", … in every
 * language, whatever the provider calls them, so captions, replays and D1 read one kind of label.
 */
export type LiveTranscript =
  | (LiveText & { readonly isFinal: false })
  | (LiveText & { readonly isFinal: true; readonly speaker: string });

/** The speaker of a final whose provider could not tell (or was not asked). */
export const FIRST_SPEAKER = "1";

interface LiveStreamEvents {
  readonly onTranscript: (transcript: LiveTranscript) => void;
  /** Seconds of audio the provider reports having processed so far in this stream (for metering). */
  readonly onProcessed: (seconds: number) => void;
  /** The provider closed the stream (after `finish`, normally 1000). */
  readonly onClose: (code: number, reason: string) => void;
}

export interface LiveStream {
  sendAudio(frame: ArrayBuffer): void;
  keepAlive(): void;
  /** Asks the provider to flush final results and close. */
  finish(): void;
  close(): void;
}

export interface LiveStreamOptions {
  readonly model: string;
  /** The spoken language, one the routing table gives this provider. */
  readonly language: string;
  /** What the session's audio frames hold. */
  readonly encoding: LiveEncoding;
  /** Names and terms the recogniser should expect (the account's vocabulary). */
  readonly keyterms: readonly string[];
  /** Extra query parameters, e.g. the sandbox emulator's test-only fault flags. */
  readonly extraQuery?: URLSearchParams;
}

export interface LiveTranscriber {
  /** Opens a stream; a refused upgrade throws `ProviderError` with the HTTP status. */
  connect(endpoint: ProviderEndpoint, options: LiveStreamOptions, events: LiveStreamEvents): Promise<LiveStream>;
}

/**
 * Reports a provider stream's end once, however many of close and error report it, and closes
 * the socket from this side too. `error` is the close code and reason an error without a close
 * stands for, in the provider's own terms.
 */
function onStreamEnd(
  socket: WebSocket,
  onClose: LiveStreamEvents["onClose"],
  error: { readonly code: number; readonly reason: string },
): void {
  let ended = false;
  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    onClose(code, reason);
  };
  socket.addEventListener("close", (event) => {
    end(event.code, event.reason);
    try {
      socket.close(1000, "closed");
    } catch {
      // Already closed from this side.
    }
  });
  socket.addEventListener("error", () => end(error.code, error.reason));
}

/** How long a provider has to accept a stream's upgrade. */
export const STREAM_OPEN_TIMEOUT_MS = 10_000;

/** What a provider adapter keeps of its open stream socket: both do nothing once it is no longer open. */
interface ProviderSocket {
  send(data: string | ArrayBuffer | Uint8Array): void;
  close(): void;
}

/**
 * Opens a provider's stream at `path`: a refused upgrade throws `ProviderError` with the status,
 * each text frame that parses as JSON goes to `onMessage` (anything else is none of the provider's
 * messages), and the stream's end is reported once as `onStreamEnd` does, `error` standing for an
 * error without a close.
 */
export async function openProviderStream(
  adapter: ProviderAdapter,
  endpoint: ProviderEndpoint,
  path: string,
  stream: {
    readonly onMessage: (message: unknown) => void;
    readonly onClose: LiveStreamEvents["onClose"];
    readonly error: { readonly code: number; readonly reason: string };
  },
): Promise<ProviderSocket> {
  const response = await providerFetch(adapter, endpoint, {
    what: "stream",
    path,
    upgrade: true,
    timeoutMs: STREAM_OPEN_TIMEOUT_MS,
  });
  const socket = response.webSocket;
  if (!socket) throw new ProviderError(adapter.provider, "stream upgrade answered without a socket", response.status);
  socket.accept();
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      return;
    }
    stream.onMessage(parsed);
  });
  onStreamEnd(socket, stream.onClose, stream.error);
  return {
    send: (data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    },
    close: () => {
      if (socket.readyState === WebSocket.OPEN) socket.close(1000, "client closed");
    },
  };
}
