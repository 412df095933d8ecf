import type { Language } from "../contracts/languages.ts";
import type { ProviderEndpoint } from "../providers/endpoint.ts";
import { transcribe, translate } from "../providers/spitch.ts";
import type { TimedSentence } from "../reports/contracts/sentiment.ts";
import { type ByteSource, recordingPart } from "./recording-parts.ts";

/**
 * A recording in Yorùbá, Hausa or Igbo becomes text with Spitch: transcribed part by part (each
 * under its upload limit, see `recording-parts.ts`) with sentence timestamps carried on from the
 * parts before, then translated to English for the analyses and the release, which take English.
 */

export interface TranscriptSoFar {
  readonly transcript: string;
  readonly sentences: readonly TimedSentence[];
}

interface PartRequest {
  readonly type: string;
  readonly language: Language;
  /** The account's vocabulary, sent as `special_words`. */
  readonly specialWords: readonly string[];
  /** Where this part starts, in bytes and in seconds. */
  readonly fromByte: number;
  readonly fromSecond: number;
}

interface TranscribedPart extends TranscriptSoFar {
  /** Where the next part starts, or null when this was the last. */
  readonly next: { readonly byte: number; readonly second: number } | null;
}

/** Transcribes the part at `fromByte` and adds it to what the parts before it gave. */
export async function transcribePart(
  endpoint: ProviderEndpoint,
  source: ByteSource,
  request: PartRequest,
  before: TranscriptSoFar = { transcript: "", sentences: [] },
): Promise<TranscribedPart> {
  const part = await recordingPart(source, request.type, request.fromByte);
  const answer = await transcribe(endpoint, {
    audio: part.audio,
    language: request.language,
    specialWords: request.specialWords,
    timestamp: "sentence",
  });
  const shift = (seconds: number) => Math.round((seconds + request.fromSecond) * 1000) / 1000;
  const sentences = (answer.segments ?? []).map((segment) => ({
    start: shift(segment.start),
    end: shift(segment.end),
    text: segment.text.trim(),
  }));
  return {
    transcript: [before.transcript, answer.text.trim()].filter(Boolean).join(" "),
    sentences: [...before.sentences, ...sentences],
    next: part.next === null ? null : { byte: part.next, second: request.fromSecond + part.seconds },
  };
}

/** Every part in turn, for a recording handled within one request. */
export async function transcribeWhole(
  endpoint: ProviderEndpoint,
  source: ByteSource,
  request: Omit<PartRequest, "fromByte" | "fromSecond">,
): Promise<TranscriptSoFar> {
  let position = { byte: 0, second: 0 };
  let sofar: TranscriptSoFar = { transcript: "", sentences: [] };
  for (;;) {
    const part = await transcribePart(
      endpoint,
      source,
      { ...request, fromByte: position.byte, fromSecond: position.second },
      sofar,
    );
    sofar = part;
    if (!part.next) return sofar;
    position = part.next;
  }
}

export function translateToEnglish(endpoint: ProviderEndpoint, text: string, source: Language): Promise<string> {
  return translate(endpoint, { text, source, target: "en" });
}
