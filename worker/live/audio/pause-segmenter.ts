import { DECODED_SAMPLE_RATE } from "./opus-wasm.ts";

/**
 * Cuts a stream of 16 kHz mono PCM at pauses into stretches of speech, for a recogniser that only
 * transcribes whole recordings (Spitch). A simple energy detector: each 20 ms window is speech or
 * quiet by its loudness, and a stretch of speech ends after enough quiet, or at the longest a
 * segment may be.
 */

const SAMPLES_PER_MS = DECODED_SAMPLE_RATE / 1000;
/** Loudness is judged per 20 ms window: a syllable's length, shorter than any pause that matters. */
const WINDOW_MS = 20;
/**
 * About -40 dBFS: speech close to a phone's microphone sits near -30 to -20 dBFS, a quiet room
 * through its automatic gain near -50 to -60, so the line sits between with room on both sides.
 */
const SPEECH_RMS = 330;
/**
 * Quiet this long ends a segment. The gaps between words and syllables are 50–250 ms; a breath
 * between phrases 400 ms or more. Longer waits cost the reader: the caption's delay starts here.
 */
export const PAUSE_MS = 600;
/** The longest segment (the bound): a speaker who never pauses is still captioned every 15 s. */
export const MAX_SEGMENT_MS = 15_000;
/** A segment with less speech than this (a tap on the microphone, a door) is not worth a transcription. */
const MIN_SPEECH_MS = 150;
/** Audio kept before speech starts, so a soft first consonant is not cut off. */
const LEAD_MS = 200;

const WINDOW = WINDOW_MS * SAMPLES_PER_MS;

/** A stretch of speech: its samples, where it starts in the stream, and where its speech ended. */
export interface SpeechSegment {
  readonly samples: Int16Array;
  /** Seconds from the start of the stream. */
  readonly start: number;
  /** Seconds from the start of the stream at which its last speech ended. */
  readonly speechEnd: number;
}

export class PauseSegmenter {
  /** Samples not yet a whole window. */
  private partial = new Int16Array(0);
  /** Stream position (samples) of the next window. */
  private position = 0;
  /** Windows of the segment being spoken (speech and the quiet inside it), or of the lead-in. */
  private windows: Int16Array[] = [];
  private segmentStart = 0;
  private speaking = false;
  private speechWindows = 0;
  private quietWindows = 0;
  private speechEnd = 0;

  /** Takes PCM as it comes; answers the segments it completed. */
  push(pcm: Int16Array): SpeechSegment[] {
    const joined = new Int16Array(this.partial.length + pcm.length);
    joined.set(this.partial);
    joined.set(pcm, this.partial.length);
    const done: SpeechSegment[] = [];
    let at = 0;
    for (; at + WINDOW <= joined.length; at += WINDOW) {
      const segment = this.window(joined.slice(at, at + WINDOW));
      if (segment) done.push(segment);
    }
    this.partial = joined.slice(at);
    return done;
  }

  /** The stream ended: the segment being spoken, if it holds enough speech. */
  flush(): SpeechSegment | null {
    if (this.partial.length) this.windows.push(this.partial);
    this.partial = new Int16Array(0);
    return this.cut();
  }

  private window(window: Int16Array): SpeechSegment | null {
    const start = this.position;
    this.position += window.length;
    const loud = rms(window) >= SPEECH_RMS;
    if (!this.speaking) {
      if (!loud) {
        // Only the lead-in is kept while nobody speaks.
        this.windows.push(window);
        while (this.windows.length > LEAD_MS / WINDOW_MS) this.windows.shift();
        this.segmentStart = start + window.length - this.windows.length * WINDOW;
        return null;
      }
      this.speaking = true;
      this.speechWindows = 0;
      this.quietWindows = 0;
      this.segmentStart = start - this.windows.length * WINDOW;
    }
    this.windows.push(window);
    if (loud) {
      this.speechWindows++;
      this.quietWindows = 0;
      this.speechEnd = this.position;
    } else this.quietWindows++;
    const length = this.windows.length * WINDOW;
    if (this.quietWindows * WINDOW_MS >= PAUSE_MS || length >= MAX_SEGMENT_MS * SAMPLES_PER_MS) return this.cut();
    return null;
  }

  private cut(): SpeechSegment | null {
    const windows = this.windows;
    const enough = this.speaking && this.speechWindows * WINDOW_MS >= MIN_SPEECH_MS;
    const segment = enough
      ? {
          samples: concat(windows),
          start: this.segmentStart / DECODED_SAMPLE_RATE,
          speechEnd: this.speechEnd / DECODED_SAMPLE_RATE,
        }
      : null;
    this.windows = [];
    this.speaking = false;
    this.segmentStart = this.position;
    return segment;
  }
}

function rms(window: Int16Array): number {
  let energy = 0;
  for (const sample of window) energy += sample * sample;
  return Math.sqrt(energy / window.length);
}

function concat(pieces: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
