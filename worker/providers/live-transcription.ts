import type { LiveEncoding } from "../live/contracts/live-constants.ts";
import type { ProviderEndpoint } from "./endpoint.ts";

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

export interface LiveStreamEvents {
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
export function onStreamEnd(
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
