import { Mp3Encoder } from "@breezystack/lamejs";

/**
 * Real, playable MP3 for the sandbox providers: each word becomes a short tone whose pitch follows
 * the voice and the word, with pauses between words, so the audio's length grows with the text.
 * Encoding is incremental, so the stream delivers audio word by word as a real provider does.
 */

const SAMPLES_PER_FRAME = 1152;

interface Mp3Format {
  readonly sampleRate: number;
  readonly kbps: number;
}

/** ElevenLabs `output_format` values such as `mp3_22050_32`; null for anything else. */
export function parseMp3Format(value: string): Mp3Format | null {
  const match = /^mp3_(\d+)_(\d+)$/.exec(value);
  if (!match) return null;
  const sampleRate = Number(match[1]);
  const kbps = Number(match[2]);
  const rates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
  return rates.includes(sampleRate) && kbps >= 8 && kbps <= 320 ? { sampleRate, kbps } : null;
}

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return value >>> 0;
}

/** PCM for one word: a soft-edged tone, then a pause. */
function wordSamples(word: string, baseHz: number, sampleRate: number): Int16Array {
  const toneSeconds = Math.min(0.9, 0.12 + 0.06 * word.length);
  const pauseSeconds = /[.!?]$/.test(word) ? 0.35 : 0.08;
  const tone = Math.round(toneSeconds * sampleRate);
  const samples = new Int16Array(tone + Math.round(pauseSeconds * sampleRate));
  const hz = baseHz * (1 + (hash(word) % 40) / 100);
  for (let i = 0; i < tone; i++) {
    const envelope = Math.min(1, i / 400, (tone - i) / 400);
    samples[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 9000 * envelope);
  }
  return samples;
}

function encodeAll(encoder: Mp3Encoder, samples: Int16Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += SAMPLES_PER_FRAME) {
    const bytes = encoder.encodeBuffer(samples.subarray(i, i + SAMPLES_PER_FRAME));
    if (bytes.length) chunks.push(bytes.slice());
  }
  return chunks;
}

/** Streams the MP3 of `words`, one word's frames at a time. */
export function synthesiseMp3Stream(
  words: readonly string[],
  baseHz: number,
  format: Mp3Format,
): ReadableStream<Uint8Array> {
  const encoder = new Mp3Encoder(1, format.sampleRate, format.kbps);
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index >= words.length) {
        const tail = encoder.flush();
        if (tail.length) controller.enqueue(tail.slice());
        controller.close();
        return;
      }
      const word = words[index++] ?? "";
      for (const chunk of encodeAll(encoder, wordSamples(word, baseHz, format.sampleRate))) controller.enqueue(chunk);
      // Yield between words, as a provider generating audio in real time would.
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
  });
}

export function wordsOf(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length ? words : ["…"];
}
