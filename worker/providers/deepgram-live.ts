import {
  keytermsFor,
  type ListenQuery,
  type LiveWord,
  listenSearchParams,
  liveMetadata,
  liveMetadataNeeded,
  liveResults,
  liveResultsNeeded,
} from "./contracts/deepgram.ts";
import { deepgram } from "./deepgram.ts";
import {
  FIRST_SPEAKER,
  type LiveStreamOptions,
  type LiveTranscriber,
  openProviderStream,
} from "./live-transcription.ts";
import { checkDocumented } from "./provider-error.ts";

/**
 * Deepgram streaming (`/v1/listen` over WebSocket, `Authorization: Token <key>`): binary audio in,
 * `Results` messages out, `KeepAlive` and `CloseStream` control messages. The browser's
 * MediaRecorder sends containerised Opus, which Deepgram detects itself, so no encoding is set;
 * raw PCM carries no header, so its encoding and rate are. Diarization is asked for with
 * `diarize_model` (the description deprecates `diarize`; streaming takes `latest` and `v1`), so each
 * word carries a speaker number from 0.
 */

export function liveQuery(options: LiveStreamOptions): URLSearchParams {
  const documented: ListenQuery = {
    model: options.model,
    language: options.language,
    punctuate: "true",
    smart_format: "true",
    interim_results: "true",
    diarize_model: "latest",
    ...(options.encoding === "pcm_s16le" ? { encoding: "linear16", sample_rate: "16000" } : {}),
  };
  const keyterm = keytermsFor(options.model, options.keyterms);
  const query = listenSearchParams(keyterm ? { ...documented, keyterm } : documented);
  for (const [key, value] of options.extraQuery ?? []) query.set(key, value);
  return query;
}

const seconds = (value: number) => Math.round(value * 1000) / 1000;
const speakerOf = (word: Pick<LiveWord, "speaker"> | undefined) =>
  word?.speaker === undefined ? FIRST_SPEAKER : String(word.speaker + 1);

/**
 * A final `Results` as finals of one speaker each: Deepgram numbers speakers per word, and one
 * result can hold the end of one person's words and the start of the next one's. A result of one
 * speaker keeps the provider's transcript and span; one that changes speaker is cut at each change,
 * each part timed by its words.
 */
export function finalsBySpeaker(
  transcript: string,
  words: readonly Pick<LiveWord, "word" | "punctuated_word" | "start" | "end" | "speaker">[],
  span: { readonly start: number; readonly duration: number },
): { text: string; start: number; duration: number; speaker: string }[] {
  const turns: (typeof words)[number][][] = [];
  for (const word of words) {
    const turn = turns.at(-1);
    if (turn && speakerOf(turn[0]) === speakerOf(word)) turn.push(word);
    else turns.push([word]);
  }
  if (turns.length <= 1) return [{ text: transcript, ...span, speaker: speakerOf(words[0]) }];
  return turns.map((turn) => {
    const first = turn[0] as (typeof turn)[number];
    const last = turn.at(-1) as (typeof turn)[number];
    return {
      text: turn.map((word) => word.punctuated_word ?? word.word).join(" "),
      start: first.start,
      duration: seconds(last.end - first.start),
      speaker: speakerOf(first),
    };
  });
}

export const deepgramLive: LiveTranscriber = {
  async connect(endpoint, options, events) {
    // One drift warning per stream is enough to see a changed contract without flooding the log.
    let checkedContract = false;
    const onMessage = (parsed: unknown) => {
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
      const { start, duration, is_final: isFinal } = message.data;
      const alternative = message.data.channel.alternatives[0];
      const text = alternative?.transcript.trim() ?? "";
      if (!text || !alternative) return;
      if (!isFinal) return events.onTranscript({ text, isFinal, start, duration });
      for (const final of finalsBySpeaker(text, alternative.words, { start, duration })) {
        events.onTranscript({ ...final, isFinal });
      }
    };
    const socket = await openProviderStream(deepgram, endpoint, `/v1/listen?${liveQuery(options)}`, {
      onMessage,
      onClose: events.onClose,
      error: { code: 1011, reason: "NET-0000 stream error" },
    });
    return {
      sendAudio: (frame) => socket.send(frame),
      keepAlive: () => socket.send(JSON.stringify({ type: "KeepAlive" })),
      finish: () => socket.send(JSON.stringify({ type: "CloseStream" })),
      close: socket.close,
    };
  },
};
