import { FIRST_SPEAKER, type LiveTranscriber } from "../providers/live-transcription.ts";
import { transcribe } from "../providers/spitch.ts";
import { DECODED_SAMPLE_RATE } from "./audio/opus-wasm.ts";
import { PAUSE_MS, PauseSegmenter, type SpeechSegment } from "./audio/pause-segmenter.ts";
import { wavOf } from "./audio/pcm-history.ts";

/**
 * Near-live captions from a recogniser that only transcribes whole recordings (Spitch, for Igbo):
 * the stream's PCM is cut at pauses (`PauseSegmenter`), each segment is sent as a WAV as soon as it
 * ends, and its text comes back as one final, spoken by "1" (Spitch does not tell voices apart).
 * There are no interims. Finals go out in the order their speech was said.
 */

/** A caption must be out within this of the end of its speech (the promise). */
export const NEAR_LIVE_DELAY_MS = 8000;
/**
 * Spitch's answer for a segment is awaited this long, so the pause that ends it plus the answer
 * stay within `NEAR_LIVE_DELAY_MS`; a segment not back by then is not captioned.
 */
export const SEGMENT_WAIT_MS = NEAR_LIVE_DELAY_MS - PAUSE_MS - 400;
/**
 * Segments transcribed at once. A segment is at least 0.8 s of audio (speech and its pause), so
 * within one wait a speaker makes at most about nine; more in flight means Spitch is failing and
 * further segments are dropped rather than pile up.
 */
const MAX_SEGMENTS_IN_FLIGHT = 8;

export const spitchNearLive: LiveTranscriber = {
  async connect(endpoint, options, events) {
    const segmenter = new PauseSegmenter();
    let heard = 0;
    let inFlight = 0;
    let closed = false;
    /** Each segment's final waits for the one before it; each started at its own cut, so none waits past its own bound. */
    let finals: Promise<void> = Promise.resolve();

    const transcribeSegment = (segment: SpeechSegment) => {
      if (inFlight >= MAX_SEGMENTS_IN_FLIGHT) {
        console.warn(`near-live segment at ${segment.start} s dropped: ${inFlight} segments in flight`);
        return;
      }
      inFlight++;
      const text = transcribe(endpoint, {
        audio: wavOf(segment.samples),
        language: options.language,
        specialWords: options.keyterms,
        timeoutMs: SEGMENT_WAIT_MS,
      })
        .then(
          (answer) => answer.text.trim(),
          (error) => {
            console.error(`near-live segment at ${segment.start} s not transcribed`, error);
            return "";
          },
        )
        .finally(() => inFlight--);
      finals = finals.then(async () => {
        const said = await text;
        if (!said || closed) return;
        const duration = segment.samples.length / DECODED_SAMPLE_RATE;
        events.onTranscript({ isFinal: true, text: said, start: segment.start, duration, speaker: FIRST_SPEAKER });
      });
    };

    return {
      sendAudio(frame) {
        const pcm = new Int16Array(frame, 0, frame.byteLength >> 1);
        heard += pcm.length;
        events.onProcessed(heard / DECODED_SAMPLE_RATE);
        for (const segment of segmenter.push(pcm)) transcribeSegment(segment);
      },
      keepAlive() {},
      finish() {
        const last = segmenter.flush();
        if (last) transcribeSegment(last);
        void finals.then(() => {
          if (closed) return;
          closed = true;
          events.onClose(1000, "finished");
        });
      },
      close() {
        closed = true;
      },
    };
  },
};
