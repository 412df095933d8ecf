/**
 * Writes WAV (RIFF/WAVE) files: a `fmt ` chunk, then one `data` chunk. Providers that take no raw
 * PCM take this, and a long WAV recording is cut into parts that each need a header of their own.
 */

const TAG = new TextEncoder();

/** The `fmt ` chunk (heading included) of plain integer PCM. */
function pcmFormatChunk(sampleRate: number, channels: number, bitsPerSample: number): Uint8Array {
  const chunk = new Uint8Array(24);
  const view = new DataView(chunk.buffer);
  const blockAlign = channels * (bitsPerSample / 8);
  chunk.set(TAG.encode("fmt "), 0);
  view.setUint32(4, 16, true);
  view.setUint16(8, 1, true); // WAVE_FORMAT_PCM
  view.setUint16(10, channels, true);
  view.setUint32(12, sampleRate, true);
  view.setUint32(16, sampleRate * blockAlign, true);
  view.setUint16(20, blockAlign, true);
  view.setUint16(22, bitsPerSample, true);
  return chunk;
}

/** How many bytes `wavHeader` writes before the samples. */
export function wavHeaderLength(formatChunk: Uint8Array): number {
  return 12 + formatChunk.length + 8;
}

/**
 * The bytes before `dataBytes` of samples: RIFF heading, the given `fmt ` chunk (heading
 * included, copied as it is, so a recording's own format survives) and the `data` heading.
 */
export function wavHeader(formatChunk: Uint8Array, dataBytes: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(wavHeaderLength(formatChunk));
  const view = new DataView(header.buffer);
  header.set(TAG.encode("RIFF"), 0);
  view.setUint32(4, header.length - 8 + dataBytes, true);
  header.set(TAG.encode("WAVE"), 8);
  header.set(formatChunk, 12);
  header.set(TAG.encode("data"), 12 + formatChunk.length);
  view.setUint32(header.length - 4, dataBytes, true);
  return header;
}

/** Mono 16-bit samples as a WAV file. */
export function monoPcm16Wav(samples: Int16Array, sampleRate: number): Blob {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = wavHeader(pcmFormatChunk(sampleRate, 1, 16), bytes.length);
  return new Blob([header, bytes], { type: "audio/wav" });
}
