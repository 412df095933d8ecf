import { describe, expect, it } from "vitest";
import { wavOf } from "../../worker/live/audio/pcm-history.ts";
import { speechWav } from "../fixtures/speech-wav.ts";

describe("WAV writing", () => {
  it("a live final's 16 kHz samples become the same file as a recorded 16 kHz mono WAV of them", async () => {
    const recorded = speechWav(1);
    const samples = new Int16Array(recorded.buffer.slice(44));
    const written = wavOf(samples);
    expect(written.type).toBe("audio/wav");
    expect(new Uint8Array(await written.arrayBuffer())).toEqual(recorded);
  });

  it("writes only the samples in view, not the whole buffer under them", async () => {
    const samples = new Int16Array([1, 2, 3, 4, 5, 6]).subarray(2, 5);
    const bytes = new Uint8Array(await wavOf(samples).arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect(bytes.length).toBe(44 + 6);
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([3, 4, 5]);
  });
});
