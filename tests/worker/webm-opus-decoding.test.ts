import { describe, expect, it } from "vitest";
import { UndecodableAudio, WebmOpusToPcm } from "../../worker/live/audio/webm-opus-to-pcm.ts";
import { cut, ffmpegStereo, joined, recording, shortRecording } from "./webm-fixtures.ts";

/** Seconds of 16 kHz mono samples. */
const seconds = (pcm: Int16Array) => pcm.length / 16_000;

function decodeAll(frames: ArrayBuffer[]): Int16Array {
  const decoder = new WebmOpusToPcm();
  const pieces = frames.map((frame) => new Int16Array(decoder.push(frame)));
  decoder.close();
  const all = new Int16Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return all;
}

describe("the relay's WebM Opus decoding", () => {
  it("decodes a MediaRecorder recording to 16 kHz mono PCM of its length, speech rather than noise", () => {
    const pcm = decodeAll([recording]);
    expect(seconds(pcm)).toBeGreaterThan(6.2);
    expect(seconds(pcm)).toBeLessThan(6.8);
    // The recording is tones of the generated speech: loud, and smooth from sample to sample.
    let energy = 0;
    let neighbours = 0;
    for (let i = 1; i < pcm.length; i++) {
      energy += (pcm[i] ?? 0) ** 2;
      neighbours += (pcm[i] ?? 0) * (pcm[i - 1] ?? 0);
    }
    expect(Math.sqrt(energy / pcm.length)).toBeGreaterThan(1000);
    expect(neighbours / energy).toBeGreaterThan(0.9);
  });

  it("gives the same PCM whatever the frames' boundaries: single bytes, odd sizes cutting headers and blocks", () => {
    const whole = decodeAll([recording]);
    for (const sizes of [[1], [7, 1, 333], [4096, 2, 19]]) {
      expect(decodeAll(cut(recording, sizes)), `cut in ${sizes.join(", ")}`).toEqual(whole);
    }
  });

  it("starts afresh at a new EBML header, as when the page restarts its recorder, cut anywhere", () => {
    const first = decodeAll([shortRecording]);
    const second = decodeAll([recording]);
    const both = decodeAll(cut(joined(shortRecording, recording), [997, 5]));
    expect(both.length).toBe(first.length + second.length);
    expect(both).toEqual(Int16Array.from([...first, ...second]));
  });

  it("reads ffmpeg's WebM too: stereo mixed down, Cues, a closing BlockGroup, and the OpusHead pre-skip dropped", () => {
    const pcm = decodeAll(cut(ffmpegStereo, [100]));
    // 1.5 s of audio; libopus pads to whole packets, the pre-skip (312 at 48 kHz) is 104 samples here.
    expect(seconds(pcm)).toBeGreaterThan(1.45);
    expect(seconds(pcm)).toBeLessThan(1.6);
  });

  it("reads laced blocks, Xiph, EBML and fixed-size, after the recording's header", () => {
    // Three one-byte packets (60 ms each, decoded as loss concealment) in one SimpleBlock of track 1.
    const blocks = {
      xiph: [0x81, 0x00, 0x00, 0x82, 0x02, 0x01, 0x01, 0x58, 0x58, 0x58],
      ebml: [0x81, 0x00, 0x00, 0x86, 0x02, 0x81, 0xbf, 0x58, 0x58, 0x58],
      fixed: [0x81, 0x00, 0x00, 0x84, 0x02, 0x58, 0x58, 0x58],
    };
    for (const [lacing, block] of Object.entries(blocks)) {
      const decoder = new WebmOpusToPcm();
      decoder.push(shortRecording);
      const pcm = decoder.push(new Uint8Array([0xa3, 0x80 | block.length, ...block]).buffer);
      expect({ lacing, seconds: pcm.byteLength / 2 / 16_000 }).toEqual({ lacing, seconds: 0.18 });
      decoder.close();
    }
  });

  it("refuses what is not WebM Opus instead of buffering or decoding it without end", () => {
    const claimsHugeBlock = new Uint8Array([0xa3, 0x01, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00]);
    const decoder = new WebmOpusToPcm();
    decoder.push(shortRecording);
    expect(() => {
      decoder.push(claimsHugeBlock.buffer);
      for (let i = 0; i < 5; i++) decoder.push(new ArrayBuffer(64 * 1024));
    }, "an element larger than any a page sends").toThrow(UndecodableAudio);

    // 256 laced 60 ms packets of one byte each: fifteen seconds of audio in a 270-byte frame.
    const block = [0x81, 0x00, 0x00, 0x84, 0xff, ...new Array<number>(256).fill(0x58)];
    const lacedFrame = new Uint8Array([0xa3, 0x40 | (block.length >> 8), block.length & 0xff, ...block]);
    const another = new WebmOpusToPcm();
    another.push(shortRecording);
    expect(() => another.push(lacedFrame.buffer), "fifteen seconds in one frame").toThrow(UndecodableAudio);

    // Raw PCM sent on a WebM ticket: no EBML header, no Opus track.
    expect(() => new WebmOpusToPcm().push(new Int16Array(4000).fill(1200).buffer), "raw PCM").toThrow(UndecodableAudio);
    decoder.close();
    another.close();
  });
});
