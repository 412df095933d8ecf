import { Decoder, type EBMLElementDetail, tools } from "ts-ebml";

/**
 * The Opus packets in a WebM byte stream as MediaRecorder produces it: fed in pieces cut anywhere
 * (`ts-ebml`'s decoder keeps the partial element), with unknown-size Segment and Clusters, packets
 * in SimpleBlocks or BlockGroups (`ebml-block` undoes lacing). A new EBML header starts a new
 * recording (the page restarted its recorder), whose Opus stream is decoded afresh.
 */

export type WebmOpusEvent =
  | { readonly kind: "recording"; readonly preSkip: number }
  | { readonly kind: "packet"; readonly packet: Uint8Array };

/**
 * No element of a page's audio comes near this (a SimpleBlock is a few hundred bytes): a stream
 * that claims a larger one is not WebM we can read, and is refused rather than buffered.
 */
const MAX_ELEMENT_BYTES = 256 * 1024;
const OPUS_CODEC = "A_OPUS";
/** The EBML header's ID, the first four bytes of every WebM stream. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Bytes that cannot be Opus in WebM: a broken element, or audio before any track header. */
export class WebmError extends Error {}

interface Track {
  number?: number;
  codec?: string;
  codecPrivate?: Uint8Array;
}

export class WebmOpusFrames {
  private decoder = new Decoder();
  private tracks: Track[] = [];
  private opus: Track | null = null;
  private announced = false;
  /** Bytes of the stream's start checked against the EBML magic, so raw PCM is refused at once. */
  private checked = 0;
  private waiting = 0;

  /** The events in `chunk`, in order; what an element cut at its end needs waits for the next chunk. */
  push(chunk: ArrayBuffer): WebmOpusEvent[] {
    const events: WebmOpusEvent[] = [];
    for (const byte of new Uint8Array(chunk, 0, Math.min(chunk.byteLength, EBML_MAGIC.length - this.checked))) {
      if (byte !== EBML_MAGIC[this.checked++]) throw new WebmError("the stream does not start with an EBML header");
    }
    let elements: EBMLElementDetail[];
    try {
      elements = this.decoder.decode(chunk);
    } catch (error) {
      throw new WebmError(`not EBML: ${error instanceof Error ? error.message : error}`);
    }
    this.waiting = elements.length ? 0 : this.waiting + chunk.byteLength;
    if (this.waiting > MAX_ELEMENT_BYTES) throw new WebmError(`no element in ${this.waiting} bytes`);
    for (const element of elements) this.read(element, events);
    return events;
  }

  private read(element: EBMLElementDetail, events: WebmOpusEvent[]): void {
    if (element.type === "m") {
      if (element.isEnd) return;
      if (element.name === "EBML") {
        this.tracks = [];
        this.opus = null;
        this.announced = false;
      } else if (element.name === "TrackEntry") this.tracks.push({});
      return;
    }
    const track = this.tracks.at(-1);
    if (element.name === "TrackNumber" && track) track.number = element.value as number;
    else if (element.name === "CodecID" && track) track.codec = element.value as string;
    else if (element.name === "CodecPrivate" && track) track.codecPrivate = element.data;
    else if (element.name === "SimpleBlock" || element.name === "Block") this.block(element.data, events);
  }

  private block(data: Buffer, events: WebmOpusEvent[]): void {
    this.opus ??= this.tracks.find((track) => track.codec === OPUS_CODEC && track.number !== undefined) ?? null;
    if (!this.opus) throw new WebmError("audio arrived before an Opus track header");
    let block: ReturnType<typeof tools.ebmlBlock>;
    try {
      block = tools.ebmlBlock(data);
    } catch (error) {
      throw new WebmError(`a block that cannot be read: ${error instanceof Error ? error.message : error}`);
    }
    if (block.trackNumber !== this.opus.number) return;
    if (!this.announced) {
      this.announced = true;
      events.push({ kind: "recording", preSkip: preSkipOf(this.opus.codecPrivate) });
    }
    for (const packet of block.frames) events.push({ kind: "packet", packet });
  }
}

/** OpusHead's pre-skip (RFC 7845 §5.1): samples at 48 kHz the decoder's output starts with and players drop. */
function preSkipOf(head: Uint8Array | undefined): number {
  if (!head || head.byteLength < 19) return 0;
  return new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(10, true);
}
