import { monoPcm16Wav } from "../../core/wav.ts";
import { DECODED_SAMPLE_RATE } from "./opus-wasm.ts";

/**
 * The last stretch of a session's 16 kHz mono PCM, placed by session time, so a final's audio can
 * be cut out after the fast pass has spoken it. Only the recent past is kept: a final arrives a
 * second or two after its speech ended, and older audio is never asked for.
 */
export class PcmHistory {
  private chunks: { readonly at: number; readonly pcm: Int16Array }[] = [];
  /** The session sample just after the last one held. */
  private end = 0;

  constructor(private readonly keepSeconds: number) {}

  /** A new provider stream's audio starts at `seconds` of the session: what was held belongs to the old one. */
  restartAt(seconds: number): void {
    this.chunks = [];
    this.end = Math.round(seconds * DECODED_SAMPLE_RATE);
  }

  push(pcm: ArrayBuffer): void {
    const samples = new Int16Array(pcm.slice(0, pcm.byteLength - (pcm.byteLength % 2)));
    if (!samples.length) return;
    this.chunks.push({ at: this.end, pcm: samples });
    this.end += samples.length;
    const oldest = this.end - this.keepSeconds * DECODED_SAMPLE_RATE;
    while (this.chunks.length && (this.chunks[0]?.at ?? 0) + (this.chunks[0]?.pcm.length ?? 0) <= oldest) {
      this.chunks.shift();
    }
  }

  /** The samples held between `start` and `start + duration` seconds; null when none of them is held. */
  slice(start: number, duration: number): Int16Array | null {
    const from = Math.max(Math.round(start * DECODED_SAMPLE_RATE), this.chunks[0]?.at ?? this.end);
    const to = Math.min(Math.round((start + duration) * DECODED_SAMPLE_RATE), this.end);
    if (to <= from) return null;
    const out = new Int16Array(to - from);
    for (const { at, pcm } of this.chunks) {
      const first = Math.max(from, at);
      const last = Math.min(to, at + pcm.length);
      if (first < last) out.set(pcm.subarray(first - at, last - at), first - from);
    }
    return out;
  }
}

/** 16 kHz mono 16-bit samples as a WAV file, which Spitch transcribes (it takes no raw PCM). */
export function wavOf(samples: Int16Array): Blob {
  return monoPcm16Wav(samples, DECODED_SAMPLE_RATE);
}
