/**
 * Whether a chunk sent to a streaming emulator as raw PCM sounds like speech. The service takes the
 * bytes as samples whatever they hold: a WebM container or compressed audio sent as `pcm_s16le` is
 * loud noise to it, and it transcribes nothing from noise or silence. Speech sampled at 16 kHz
 * changes little from one sample to the next (its energy lies below a few kHz), while bytes that are
 * not samples jump at random, so a chunk is heard when it varies enough and neighbouring samples
 * correlate strongly.
 */

/** About -50 dBFS: quieter than this is silence. */
const MIN_RMS = 100;
/** Speech at 16 kHz sits near 0.9; random bytes near 0. */
const MIN_NEIGHBOUR_CORRELATION = 0.5;

export function soundsLikeSpeech(chunk: ArrayBuffer, encoding: "pcm_s16le" | "pcm_mulaw"): boolean {
  const samples = encoding === "pcm_s16le" ? new Int16Array(chunk, 0, chunk.byteLength >> 1) : expandMulaw(chunk);
  if (samples.length < 2) return false;
  // Around the mean, so a constant level (a DC offset, bytes all alike) is silence.
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
  let energy = 0;
  let neighbours = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = (samples[i] ?? 0) - mean;
    energy += sample * sample;
    if (i > 0) neighbours += sample * ((samples[i - 1] ?? 0) - mean);
  }
  const rms = Math.sqrt(energy / samples.length);
  return rms >= MIN_RMS && neighbours / energy >= MIN_NEIGHBOUR_CORRELATION;
}

/** G.711 µ-law bytes as 16-bit samples. */
function expandMulaw(chunk: ArrayBuffer): Int16Array {
  const bytes = new Uint8Array(chunk);
  const samples = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = ~(bytes[i] ?? 0) & 0xff;
    const magnitude = ((((byte & 0x0f) << 3) + 0x84) << ((byte & 0x70) >> 4)) - 0x84;
    samples[i] = byte & 0x80 ? -magnitude : magnitude;
  }
  return samples;
}

/** 20 ms of 16 kHz 16-bit mono audio: the windows a voice is looked for in. */
const WINDOW_BYTES = 640;
/** How much of a voice is heard to tell what it says: its first 100 ms. */
const PRINT_BYTES = 3200;

/**
 * Which of the corpus's sentences a stretch of 16 kHz 16-bit mono PCM says, as a number that is the
 * same for the same sound whichever emulator hears it: the 100 ms from the first 20 ms window that
 * sounds like speech, hashed (FNV-1a). So AssemblyAI's streaming emulator (the fast pass) and
 * Spitch's (the accurate pass, sent that turn's audio as the relay cut it out) hear one turn as one
 * sentence, and successive turns or segments as different ones, as real recognisers would. Null
 * while no voice has been heard that long.
 */
export function voicePrint(pcm: Uint8Array): number | null {
  for (let at = 0; at + PRINT_BYTES <= pcm.length; at += WINDOW_BYTES) {
    const window = pcm.slice(at, at + WINDOW_BYTES).buffer;
    if (!soundsLikeSpeech(window, "pcm_s16le")) continue;
    let value = 2166136261;
    for (const byte of pcm.subarray(at, at + PRINT_BYTES)) value = Math.imul(value ^ byte, 16777619);
    return value >>> 0;
  }
  return null;
}
