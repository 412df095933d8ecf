import { z } from "zod";
import {
  AUDIO_CHUNK_MS,
  BYTES_PER_SAMPLE,
  STREAMING_SPEECH_MODELS,
  type StreamingQueryInput,
  streamingSearchParams,
  terminationMessage,
  turnMessage,
  turnNeeded,
} from "./contracts/assemblyai-streaming.ts";
import {
  FIRST_SPEAKER,
  type LiveStreamOptions,
  type LiveTranscriber,
  openProviderStream,
  STREAM_OPEN_TIMEOUT_MS,
} from "./live-transcription.ts";
import { checkDocumented, type ProviderAdapter } from "./provider-error.ts";

/**
 * AssemblyAI Universal-Streaming v3 (`/v3/ws`, the key in `Authorization`): 16 kHz 16-bit mono
 * PCM in, `Turn` messages out. A turn's words arrive while it is spoken (`end_of_turn: false`,
 * our interims); with `format_turns` the service ends each turn twice, unformatted then
 * formatted, and the formatted one is our final. Refusals come after the upgrade, as an `Error`
 * frame and a close (`live/provider-closes.ts` maps them).
 */

const PCM_SAMPLE_RATE = 16_000;
const BYTES_PER_MS = (PCM_SAMPLE_RATE * BYTES_PER_SAMPLE.pcm_s16le) / 1000;
/** Sent in pieces of 100 ms to 1 s, whatever the page's framing, since the service refuses others. */
const SEND_MIN_BYTES = 100 * BYTES_PER_MS;
const CHUNK_MIN_BYTES = AUDIO_CHUNK_MS.min * BYTES_PER_MS;
const CHUNK_MAX_BYTES = AUDIO_CHUNK_MS.max * BYTES_PER_MS;

/** A model the description does not list is a configuration mistake, caught before any call. */
const streamingSpeechModel = z.enum(STREAMING_SPEECH_MODELS);

/**
 * AssemblyAI's speaker (`A`, `B`, … for its at most 10 speakers) as the relay labels speakers, "1",
 * "2", …. A turn it labels `UNKNOWN` (under about a second) stays with the speaker before it:
 * a short reply is as likely to be either, and a caption that switches speaker for a word or two
 * reads worse than one that does not.
 */
function liveSpeaker(label: string | undefined, previous: string): string {
  return label && /^[A-Z]$/.test(label) ? String(label.charCodeAt(0) - 64) : previous;
}

const streaming: ProviderAdapter = {
  provider: "assemblyai-streaming",
  auth: (endpoint) => ({ authorization: endpoint.apiKey }),
  timeoutMs: STREAM_OPEN_TIMEOUT_MS,
};

export function assemblyAiLiveQuery(options: LiveStreamOptions): URLSearchParams {
  const documented: StreamingQueryInput = {
    sample_rate: String(PCM_SAMPLE_RATE),
    encoding: "pcm_s16le",
    speech_model: streamingSpeechModel.parse(options.model),
    format_turns: "true",
    speaker_labels: "true",
  };
  const keyterms = options.keyterms.map((term) => term.trim()).filter(Boolean);
  const query = streamingSearchParams(
    keyterms.length ? { ...documented, keyterms_prompt: JSON.stringify(keyterms) } : documented,
  );
  for (const [key, value] of options.extraQuery ?? []) query.set(key, value);
  return query;
}

export const assemblyAiLive: LiveTranscriber = {
  async connect(endpoint, options, events) {
    let checkedContract = false;
    let speaker = FIRST_SPEAKER;
    const onMessage = (parsed: unknown) => {
      const termination = terminationMessage.safeParse(parsed);
      if (termination.success) {
        events.onProcessed(termination.data.audio_duration_seconds);
        return;
      }
      const turn = turnNeeded.safeParse(parsed);
      if (!turn.success) return; // Begin, Error (its close follows)
      if (!checkedContract) {
        checkedContract = true;
        checkDocumented(streaming.provider, "stream Turn", turnMessage, parsed);
      }
      const { words, end_of_turn: ended, turn_is_formatted: formatted } = turn.data;
      const first = words[0];
      const last = words.at(-1);
      if (last) events.onProcessed(last.end / 1000);
      // The unformatted end of a turn is followed by its formatted one, which is the final.
      if (ended && !formatted) return;
      const text = ended ? turn.data.transcript.trim() : words.map((word) => word.text).join(" ");
      if (!text || !first || !last) return;
      const span = { text, start: first.start / 1000, duration: (last.end - first.start) / 1000 };
      if (!ended) return events.onTranscript({ ...span, isFinal: false });
      speaker = liveSpeaker(turn.data.speaker_label, speaker);
      events.onTranscript({ ...span, isFinal: true, speaker });
    };
    const socket = await openProviderStream(streaming, endpoint, `/v3/ws?${assemblyAiLiveQuery(options)}`, {
      onMessage,
      onClose: events.onClose,
      error: { code: 3005, reason: "stream error" },
    });

    let pending = new Uint8Array(0);
    const flush = (all: boolean) => {
      while (pending.byteLength >= (all ? 1 : SEND_MIN_BYTES)) {
        const piece = pending.slice(0, CHUNK_MAX_BYTES);
        pending = pending.slice(piece.byteLength);
        // A last piece under 50 ms is padded with silence rather than refused.
        const padded = new Uint8Array(Math.max(CHUNK_MIN_BYTES, piece.byteLength));
        padded.set(piece);
        socket.send(padded);
      }
    };
    return {
      sendAudio: (frame) => {
        const joined = new Uint8Array(pending.byteLength + frame.byteLength);
        joined.set(pending);
        joined.set(new Uint8Array(frame), pending.byteLength);
        pending = joined;
        flush(false);
      },
      // v3 has no keep-alive message, and a session opened without `inactivity_timeout` is never
      // closed for silence, so a paused page needs nothing sent.
      keepAlive: () => {},
      finish: () => {
        flush(true);
        socket.send(JSON.stringify({ type: "Terminate" }));
      },
      close: socket.close,
    };
  },
};
