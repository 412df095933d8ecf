import { wavHeader, wavHeaderLength } from "../core/wav.ts";
import { isSplittableRecording, TRANSCRIPTION_PART_MAX_BYTES } from "../transcripts/contracts/transcription-parts.ts";
import { JobFailure } from "./pipeline.ts";

/**
 * Cuts a recording into parts a transcription provider takes (`TRANSCRIPTION_PART_MAX_BYTES`),
 * one part at a time, so a job step reads at most one part's bytes. WAV parts are PCM frames under
 * a copy of the original format chunk; MP3 parts end on an MPEG frame boundary. Each part says how
 * long it plays, so the next part's timestamps carry on where it ended.
 */

/** Where a recording's bytes are read from: R2 for a job, the upload itself on the spot. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array<ArrayBuffer>>;
}

export interface RecordingPart {
  readonly audio: Blob;
  /** How long the part plays; 0 when the whole recording is one part (nothing comes after it). */
  readonly seconds: number;
  /** The byte the next part starts at, or null for the last part. */
  readonly next: number | null;
}

/** A recording that cannot be cut as its type says; its owner reads the message. */
export class UncuttableRecording extends JobFailure {}

export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

export function r2Source(bucket: R2Bucket, key: string, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const object = await bucket.get(key, { range: { offset, length: Math.min(length, size - offset) } });
      if (!object) throw new UncuttableRecording("The recording is no longer stored.");
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}

/** The part that starts at byte `from` (0 for the first). */
export async function recordingPart(
  source: ByteSource,
  type: string,
  from: number,
  maxBytes = TRANSCRIPTION_PART_MAX_BYTES,
): Promise<RecordingPart> {
  if (from === 0 && source.size <= maxBytes) {
    return { audio: new Blob([await source.read(0, source.size)], { type }), seconds: 0, next: null };
  }
  if (!isSplittableRecording(type)) {
    throw new UncuttableRecording("Only WAV and MP3 recordings can be cut into parts.");
  }
  return /mpeg|mp3/i.test(type) ? mp3Part(source, type, from, maxBytes) : wavPart(source, type, from, maxBytes);
}

// WAV: RIFF chunks; the samples are the `data` chunk, cut on whole frames (`blockAlign` bytes).

interface WavLayout {
  readonly format: Uint8Array;
  readonly byteRate: number;
  readonly blockAlign: number;
  readonly dataStart: number;
  readonly dataEnd: number;
}

const ascii = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

async function wavLayout(source: ByteSource): Promise<WavLayout> {
  const head = await source.read(0, Math.min(source.size, 64 * 1024));
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length < 12 || ascii(head, 0) !== "RIFF" || ascii(head, 8) !== "WAVE") {
    throw new UncuttableRecording("The recording is not a WAV file.");
  }
  let format: Uint8Array | undefined;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const size = view.getUint32(offset + 4, true);
    if (ascii(head, offset) === "fmt ") format = head.slice(offset, offset + 8 + size);
    if (ascii(head, offset) === "data" && format && format.length >= 24) {
      const formatView = new DataView(format.buffer);
      const dataStart = offset + 8;
      return {
        format,
        byteRate: formatView.getUint32(16, true),
        blockAlign: Math.max(1, formatView.getUint16(20, true)),
        dataStart,
        dataEnd: Math.min(source.size, dataStart + size),
      };
    }
    offset += 8 + size + (size % 2);
  }
  throw new UncuttableRecording("The WAV file has no format or no samples where expected.");
}

async function wavPart(source: ByteSource, type: string, from: number, maxBytes: number): Promise<RecordingPart> {
  const layout = await wavLayout(source);
  const start = Math.max(from, layout.dataStart);
  const header = wavHeaderLength(layout.format);
  const room = Math.floor((maxBytes - header) / layout.blockAlign) * layout.blockAlign;
  const length = Math.min(room, layout.dataEnd - start);
  const samples = await source.read(start, length);
  const end = start + length;
  return {
    audio: new Blob([wavHeader(layout.format, length), samples], { type }),
    seconds: layout.byteRate ? length / layout.byteRate : 0,
    next: end < layout.dataEnd ? end : null,
  };
}

// MP3: a run of MPEG audio frames, after an optional ID3v2 tag; each frame's header gives its length.

const BITRATES: Readonly<Record<string, readonly number[]>> = {
  "1-1": [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-3": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8000],
};

/** The frame whose header starts at `at`: its length in bytes and how long it plays. */
export function mpegFrame(bytes: Uint8Array, at: number): { length: number; seconds: number } | null {
  const [b0 = 0, b1 = 0, b2 = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = 4 - ((b1 >> 1) & 3);
  const rates = SAMPLE_RATES[version];
  if (!rates || layer === 4) return null;
  const kbps = BITRATES[`${version === 3 ? 1 : 2}-${layer}`]?.[b2 >> 4];
  const sampleRate = rates[(b2 >> 2) & 3];
  if (!kbps || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length =
    layer === 1
      ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { length, seconds: samples / sampleRate };
}

/** Bytes taken by an ID3v2 tag at the start, whose size is four 7-bit bytes. */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || ascii(bytes, 0).slice(0, 3) !== "ID3") return 0;
  const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  const footer = ((bytes[5] ?? 0) & 0x10) === 0 ? 0 : 10;
  return 10 + size + footer;
}

async function mp3Part(source: ByteSource, type: string, from: number, maxBytes: number): Promise<RecordingPart> {
  const start = from === 0 ? id3Length(await source.read(0, 10)) : from;
  const bytes = await source.read(start, Math.min(maxBytes, source.size - start));
  const lastPart = start + bytes.length >= source.size;
  let end = 0;
  let seconds = 0;
  for (let at = 0; at + 4 <= bytes.length; ) {
    const frame = mpegFrame(bytes, at);
    if (!frame) {
      at++;
      continue;
    }
    if (at + frame.length > bytes.length) break;
    at += frame.length;
    end = at;
    seconds += frame.seconds;
  }
  if (end === 0) throw new UncuttableRecording("No MPEG audio frames were found where expected.");
  if (lastPart) return { audio: new Blob([bytes], { type }), seconds, next: null };
  return { audio: new Blob([bytes.subarray(0, end)], { type }), seconds, next: start + end };
}
