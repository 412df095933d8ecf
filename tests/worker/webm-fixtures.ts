import shortUrl from "../fixtures/webm/speech-3.5s.webm?inline";
import recordingUrl from "../fixtures/webm/speech-6.5s.webm?inline";
import ffmpegStereoUrl from "../fixtures/webm/stereo-ffmpeg-1.5s.webm?inline";

/** The recorded WebM fixtures (scripts/record-webm-fixtures.ts) as bytes. */

function bytesOf(dataUrl: string): ArrayBuffer {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

/** Chromium's MediaRecorder at the page's settings: 6.5 s and 3.5 s of the generated speech. */
export const recording = bytesOf(recordingUrl);
export const shortRecording = bytesOf(shortUrl);
/** ffmpeg's WebM: 1.5 s, stereo, with Cues and a closing BlockGroup. */
export const ffmpegStereo = bytesOf(ffmpegStereoUrl);

/** `bytes` cut into pieces of the given sizes, cycling, as frames may arrive. */
export function cut(bytes: ArrayBuffer, sizes: readonly number[]): ArrayBuffer[] {
  const pieces: ArrayBuffer[] = [];
  for (let at = 0, i = 0; at < bytes.byteLength; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    pieces.push(bytes.slice(at, at + size));
    at += size;
  }
  return pieces;
}

export function joined(...parts: ArrayBuffer[]): ArrayBuffer {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(new Uint8Array(part), at);
    at += part.byteLength;
  }
  return all.buffer;
}
