import {
  keytermsFor,
  type ListenQuery,
  listenSearchParams,
  liveMetadata,
  liveMetadataNeeded,
  liveResults,
  liveResultsNeeded,
} from "./contracts/deepgram.ts";
import { deepgram } from "./deepgram.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import {
  type LiveStream,
  type LiveStreamEvents,
  type LiveStreamOptions,
  type LiveTranscriber,
  onStreamEnd,
} from "./live-transcription.ts";
import { checkDocumented, ProviderError, providerFetch } from "./provider-error.ts";

/**
 * Deepgram streaming (`/v1/listen` over WebSocket, `Authorization: Token <key>`): binary audio in,
 * `Results` messages out, `KeepAlive` and `CloseStream` control messages. The browser's
 * MediaRecorder sends containerised Opus, which Deepgram detects itself, so no encoding is set;
 * raw PCM carries no header, so its encoding and rate are.
 */

const OPEN_TIMEOUT_MS = 10_000;

export function liveQuery(options: LiveStreamOptions): URLSearchParams {
  const documented: ListenQuery = {
    model: options.model,
    language: options.language,
    punctuate: "true",
    smart_format: "true",
    interim_results: "true",
    ...(options.encoding === "pcm_s16le" ? { encoding: "linear16", sample_rate: "16000" } : {}),
  };
  const keyterm = keytermsFor(options.model, options.keyterms);
  const query = listenSearchParams(keyterm ? { ...documented, keyterm } : documented);
  for (const [key, value] of options.extraQuery ?? []) query.set(key, value);
  return query;
}

export const deepgramLive: LiveTranscriber = {
  async connect(endpoint: ProviderEndpoint, options: LiveStreamOptions, events: LiveStreamEvents): Promise<LiveStream> {
    const response = await providerFetch(deepgram, endpoint, {
      what: "stream",
      path: `/v1/listen?${liveQuery(options)}`,
      upgrade: true,
      timeoutMs: OPEN_TIMEOUT_MS,
    });
    const socket = response.webSocket;
    if (!socket) throw new ProviderError("deepgram", "stream upgrade answered without a socket", response.status);
    socket.accept();
    // One drift warning per stream is enough to see a changed contract without flooding the log.
    let checkedContract = false;
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const summary = liveMetadataNeeded.safeParse(parsed);
      if (summary.success) {
        checkDocumented("deepgram", "stream Metadata", liveMetadata, parsed);
        events.onProcessed(summary.data.duration);
      }
      const message = liveResultsNeeded.safeParse(parsed);
      if (!message.success) return; // Metadata, SpeechStarted, UtteranceEnd
      if (!checkedContract) {
        checkedContract = true;
        checkDocumented("deepgram", "stream Results", liveResults, parsed);
      }
      // Silence is processed audio too, so it counts before empty results are skipped.
      events.onProcessed(message.data.start + message.data.duration);
      const text = message.data.channel.alternatives[0]?.transcript.trim() ?? "";
      if (!text) return;
      events.onTranscript({
        text,
        isFinal: message.data.is_final,
        start: message.data.start,
        duration: message.data.duration,
      });
    });
    onStreamEnd(socket, events.onClose, { code: 1011, reason: "NET-0000 stream error" });
    const send = (data: string | ArrayBuffer) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    };
    return {
      sendAudio: (frame) => send(frame),
      keepAlive: () => send(JSON.stringify({ type: "KeepAlive" })),
      finish: () => send(JSON.stringify({ type: "CloseStream" })),
      close: () => {
        if (socket.readyState === WebSocket.OPEN) socket.close(1000, "client closed");
      },
    };
  },
};
