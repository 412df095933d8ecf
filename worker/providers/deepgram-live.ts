import { z } from "zod";
import type { ProviderEndpoint } from "../config.ts";
import type { LiveStream, LiveStreamEvents, LiveStreamOptions, LiveTranscriber } from "./live-transcription.ts";
import { ProviderError } from "./provider-error.ts";

/**
 * Deepgram streaming (`/v1/listen` over WebSocket, `Authorization: Token <key>`): binary audio in,
 * `Results` messages out, `KeepAlive` and `CloseStream` control messages. The browser's
 * MediaRecorder sends containerised Opus, which Deepgram detects itself, so no encoding is set.
 */

const results = z.object({
  type: z.literal("Results"),
  start: z.number(),
  duration: z.number(),
  is_final: z.boolean(),
  channel: z.object({ alternatives: z.array(z.object({ transcript: z.string() })).min(1) }),
});

/** Sent after CloseStream: the total audio the stream processed. */
const metadata = z.object({ type: z.literal("Metadata"), duration: z.number() });

function liveQuery(options: LiveStreamOptions): URLSearchParams {
  const query = new URLSearchParams({
    model: options.model,
    language: "en",
    punctuate: "true",
    smart_format: "true",
    interim_results: "true",
  });
  for (const [key, value] of options.extraQuery ?? []) query.set(key, value);
  return query;
}

export const deepgramLive: LiveTranscriber = {
  async connect(endpoint: ProviderEndpoint, options: LiveStreamOptions, events: LiveStreamEvents): Promise<LiveStream> {
    let response: Response;
    try {
      response = await endpoint.fetch(
        new Request(`${endpoint.baseUrl}/v1/listen?${liveQuery(options)}`, {
          headers: { upgrade: "websocket", authorization: `Token ${endpoint.apiKey}` },
        }),
      );
    } catch (error) {
      throw new ProviderError("deepgram", `stream unreachable: ${(error as Error).message}`, 0);
    }
    const socket = response.webSocket;
    if (response.status !== 101 || !socket) {
      throw new ProviderError("deepgram", `stream upgrade answered ${response.status}`, response.status);
    }
    socket.accept();
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const summary = metadata.safeParse(parsed);
      if (summary.success) events.onProcessed(summary.data.duration);
      const message = results.safeParse(parsed);
      if (!message.success) return; // Metadata, SpeechStarted, UtteranceEnd
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
    // A stream ends once, however many of close and error report it.
    let ended = false;
    const end = (code: number, reason: string) => {
      if (ended) return;
      ended = true;
      events.onClose(code, reason);
    };
    socket.addEventListener("close", (event) => {
      end(event.code, event.reason);
      try {
        socket.close(1000, "closed");
      } catch {
        // Already closed from this side.
      }
    });
    socket.addEventListener("error", () => end(1011, "NET-0000 stream error"));
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
