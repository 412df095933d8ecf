import type { AttachmentImageType } from "./contracts/attachments.ts";

/**
 * What an uploaded image is, read from its bytes rather than the type the browser declared: JPEG,
 * PNG or WebP and its size in pixels (so a page can reserve its box before it loads), or null for
 * anything else, a renamed file or a damaged one included.
 */
export interface ImageFacts {
  readonly type: AttachmentImageType;
  readonly width: number;
  readonly height: number;
}

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

const sized = (type: AttachmentImageType, width: number, height: number): ImageFacts | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

export function imageFacts(bytes: Uint8Array): ImageFacts | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && ascii(bytes, 0, "\x89PNG\r\n\x1a\n") && ascii(bytes, 12, "IHDR")) {
    return sized("image/png", view.getUint32(16), view.getUint32(20));
  }
  if (bytes.length >= 30 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return webpFacts(bytes, view);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegFacts(bytes, view);
  return null;
}

function webpFacts(bytes: Uint8Array, view: DataView): ImageFacts | null {
  const make = (width: number, height: number) => sized("image/webp", width, height);
  if (ascii(bytes, 12, "VP8 ")) return make(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (ascii(bytes, 12, "VP8L") && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return make((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(bytes, 12, "VP8X")) {
    const u24 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
    return make(u24(24) + 1, u24(27) + 1);
  }
  return null;
}

/** The size in the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegFacts(bytes: Uint8Array, view: DataView): ImageFacts | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized("image/jpeg", view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  return null;
}
