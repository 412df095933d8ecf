/**
 * The Opus packets in a WebM byte stream as MediaRecorder produces it, fed in pieces cut anywhere:
 * unknown-size Segment and Clusters, packets in SimpleBlocks or BlockGroups, any lacing. A new EBML
 * header starts a new recording (the page restarted its recorder), whose Opus stream is decoded
 * afresh.
 *
 * Our own reader, kept to what the relay needs: ts-ebml, the maintained incremental EBML reader,
 * does not start in a Worker. Its dependency `ebml` points bundlers that honour the `browser` field
 * (wrangler does) at an IIFE that exports nothing, so the Worker failed at startup; the tests, which
 * resolve modules differently, passed. Going around it would mean aliasing a 9,700-line bundle with a
 * Buffer of its own. This reader also bounds what it holds: it skips elements it does not read
 * without keeping them, and refuses one it must read that is larger than a page ever sends.
 */

type WebmOpusEvent =
  | { readonly kind: "recording"; readonly preSkip: number }
  | { readonly kind: "packet"; readonly packet: Uint8Array };

/** Bytes that cannot be Opus in WebM: a broken element, or audio before any track header. */
export class WebmError extends Error {}

const ID = {
  ebml: 0x1a45dfa3,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  simpleBlock: 0xa3,
  block: 0xa1,
} as const;
/** Masters whose children the reader walks into; every other element is read or skipped whole. */
const CONTAINERS = new Set([0x18538067, 0x1f43b675, 0x1654ae6b, ID.trackEntry, 0xa0]);
const READ = new Set<number>([ID.trackNumber, ID.codecId, ID.codecPrivate, ID.simpleBlock, ID.block]);
/** A page's SimpleBlock is a few hundred bytes; one this large is not audio from our page. */
const MAX_ELEMENT_BYTES = 256 * 1024;
const OPUS_CODEC = "A_OPUS";

interface Track {
  number?: number;
  codec?: string;
  codecPrivate?: Uint8Array;
}

export class WebmOpusFrames {
  private pending = new Uint8Array(0);
  /** Bytes of an element being skipped that have not arrived yet. */
  private skipping = 0;
  private started = false;
  private tracks: Track[] = [];
  private opus: Track | null = null;

  /** The events in `chunk`, in order; an element cut at the chunk's end waits for the rest. */
  push(chunk: ArrayBuffer): WebmOpusEvent[] {
    const events: WebmOpusEvent[] = [];
    const bytes = concat(this.pending, new Uint8Array(chunk));
    let at = 0;
    while (at < bytes.length) {
      if (this.skipping > 0) {
        const skipped = Math.min(this.skipping, bytes.length - at);
        this.skipping -= skipped;
        at += skipped;
        continue;
      }
      const id = readVint(bytes, at, true);
      const size = id && readVint(bytes, at + id.length, false);
      if (!id || !size) break;
      const body = at + id.length + size.length;
      if (!this.started && id.value !== ID.ebml) throw new WebmError("the stream does not start with an EBML header");
      if (CONTAINERS.has(id.value)) {
        if (id.value === ID.trackEntry) this.tracks.push({});
        at = body;
        continue;
      }
      if (size.unknown) throw new WebmError(`element ${id.value.toString(16)} of unknown size`);
      if (id.value === ID.ebml) this.newRecording();
      if (!READ.has(id.value)) {
        this.skipping = size.value;
        at = body;
        continue;
      }
      if (size.value > MAX_ELEMENT_BYTES) throw new WebmError(`an element of ${size.value} bytes`);
      if (bytes.length < body + size.value) break;
      this.read(id.value, bytes.subarray(body, body + size.value), events);
      at = body + size.value;
    }
    this.pending = bytes.slice(at);
    return events;
  }

  private newRecording(): void {
    this.started = true;
    this.tracks = [];
    this.opus = null;
  }

  private read(id: number, data: Uint8Array, events: WebmOpusEvent[]): void {
    const track = this.tracks.at(-1);
    if (id === ID.trackNumber && track) track.number = unsigned(data);
    else if (id === ID.codecId && track) track.codec = String.fromCharCode(...data).replace(/\0+$/, "");
    else if (id === ID.codecPrivate && track) track.codecPrivate = data.slice();
    else if (id === ID.simpleBlock || id === ID.block) this.block(data, events);
  }

  private block(data: Uint8Array, events: WebmOpusEvent[]): void {
    if (!this.opus) {
      this.opus = this.tracks.find((track) => track.codec === OPUS_CODEC && track.number !== undefined) ?? null;
      if (!this.opus) throw new WebmError("audio arrived before an Opus track header");
      events.push({ kind: "recording", preSkip: preSkipOf(this.opus.codecPrivate) });
    }
    const track = readVint(data, 0, false);
    if (!track || track.value !== this.opus.number) return;
    // Track number, a 16-bit timecode, then flags whose bits 1–2 say how the frames are laced.
    const flags = data[track.length + 2];
    if (flags === undefined) throw new WebmError("a block shorter than its header");
    for (const packet of unlace(data.subarray(track.length + 3), (flags >> 1) & 3))
      events.push({ kind: "packet", packet });
  }
}

/**
 * An EBML variable-length integer at `at`: its value (the marker bit kept for IDs), its length, and
 * whether it is the all-ones "unknown size"; `null` while its bytes have not all arrived.
 */
function readVint(
  bytes: Uint8Array,
  at: number,
  isId: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined) return null;
  if (first === 0) throw new WebmError("an EBML number longer than 8 bytes");
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = isId ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !isId && allOnes };
}

function unsigned(data: Uint8Array): number {
  return data.reduce((value, byte) => value * 256 + byte, 0);
}

/** The frames of a block's payload: no lacing (0), Xiph (1), fixed-size (2) or EBML (3). */
function unlace(payload: Uint8Array, lacing: number): Uint8Array[] {
  if (lacing === 0) return [payload];
  const count = (payload[0] ?? 0) + 1;
  let at = 1;
  const sizes: number[] = [];
  if (lacing === 2) {
    if ((payload.length - 1) % count !== 0) throw new WebmError("fixed-size lacing that does not divide");
    for (let i = 0; i < count - 1; i++) sizes.push((payload.length - 1) / count);
  } else if (lacing === 1) {
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      for (let byte = 255; byte === 255; size += byte) {
        byte = payload[at++] ?? Number.NaN;
        if (Number.isNaN(byte)) throw new WebmError("Xiph lacing cut short");
      }
      sizes.push(size);
    }
  } else {
    for (let i = 0; i < count - 1; i++) {
      const number = readVint(payload, at, false);
      if (!number) throw new WebmError("EBML lacing cut short");
      // Sizes after the first are signed differences from the one before.
      const bias = 2 ** (7 * number.length - 1) - 1;
      sizes.push(i === 0 ? number.value : (sizes[i - 1] ?? 0) + number.value - bias);
      at += number.length;
    }
  }
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > payload.length) throw new WebmError("laced frames larger than their block");
    frames.push(payload.subarray(at, at + size));
    at += size;
  }
  frames.push(payload.subarray(at));
  return frames;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** OpusHead's pre-skip (RFC 7845 §5.1): samples at 48 kHz the decoder's output starts with and players drop. */
function preSkipOf(head: Uint8Array | undefined): number {
  if (!head || head.byteLength < 19) return 0;
  return new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(10, true);
}
