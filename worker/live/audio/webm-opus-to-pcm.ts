import { DECODED_SAMPLE_RATE, OpusDecoder, OpusPacketError } from "./opus-wasm.ts";
import { WebmError, WebmOpusFrames } from "./webm-opus-frames.ts";

/**
 * The page's WebM Opus, frame by frame, as 16 kHz mono 16-bit PCM for a provider that takes only
 * raw audio. One per provider stream: a reopened stream starts from the recording's header again.
 */

/**
 * A page's frame holds 250 ms, a late one a few seconds; ten seconds of audio from one frame is
 * not the page's (a packet is 3 bytes at the least, so a 256 KB frame could otherwise ask for
 * half an hour of decoding).
 */
const MAX_SECONDS_PER_FRAME = 10;
const MAX_SAMPLES_PER_FRAME = MAX_SECONDS_PER_FRAME * DECODED_SAMPLE_RATE;

/** The frames are not WebM Opus the relay can decode; the session ends as audio that could not be decoded. */
export class UndecodableAudio extends Error {}

export class WebmOpusToPcm {
  private readonly frames = new WebmOpusFrames();
  private decoder: OpusDecoder | null = null;
  /** Samples still to drop from the start of the current recording (its pre-skip, at 16 kHz). */
  private skip = 0;

  /** The PCM in `frame` (empty while only headers arrived); throws `UndecodableAudio`. */
  push(frame: ArrayBuffer): ArrayBuffer {
    const pieces: Int16Array[] = [];
    let samples = 0;
    try {
      for (const event of this.frames.push(frame)) {
        if (event.kind === "recording") {
          this.decoder?.free();
          this.decoder = new OpusDecoder();
          this.skip = Math.round((event.preSkip * DECODED_SAMPLE_RATE) / 48_000);
          continue;
        }
        let pcm = this.decoder?.decode(event.packet) ?? new Int16Array(0);
        if (this.skip > 0) {
          const dropped = Math.min(this.skip, pcm.length);
          this.skip -= dropped;
          pcm = pcm.subarray(dropped);
        }
        samples += pcm.length;
        if (samples > MAX_SAMPLES_PER_FRAME) throw new UndecodableAudio(`over ${MAX_SECONDS_PER_FRAME} s in one frame`);
        pieces.push(pcm);
      }
    } catch (error) {
      if (error instanceof WebmError || error instanceof OpusPacketError) throw new UndecodableAudio(error.message);
      throw error;
    }
    const out = new Int16Array(samples);
    let at = 0;
    for (const piece of pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    return out.buffer;
  }

  /** Frees the decoder's memory; the stream is over. */
  close(): void {
    this.decoder?.free();
    this.decoder = null;
  }
}
