import type { SpeakerNames, Utterance } from "@worker/transcripts/contracts/transcript.ts";

/**
 * A transcript made ready for the viewer: every word numbered across the whole transcript, with a
 * time, so the player, the search and the window of rendered lines share one index.
 */

export interface Line {
  readonly speaker: string;
  readonly start: number;
  readonly end: number;
  readonly words: readonly string[];
  /** The transcript-wide index of this line's first word. */
  readonly firstWord: number;
}

export interface TranscriptModel {
  readonly lines: readonly Line[];
  /** Speaker labels in order of first appearance: the first is "Speaker 1". */
  readonly speakers: readonly string[];
  /** Each word's start, transcript-wide; never decreasing, so a time finds its word by bisection. */
  readonly starts: Float64Array;
  /** Each word's line. */
  readonly lineOf: Int32Array;
}

const fold = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'’-]+/gu, "");

/** Each word lower-cased without punctuation, made on the first search rather than with the first render. */
const foldedWords = new WeakMap<TranscriptModel, string[]>();
function folded(model: TranscriptModel): string[] {
  let words = foldedWords.get(model);
  if (!words) {
    words = model.lines.flatMap((line) => line.words.map(fold));
    foldedWords.set(model, words);
  }
  return words;
}

/**
 * A line's words and their starts. Words without their own times (a provider that gave none) get
 * times spread over their line by length, so the player still marks roughly the right word.
 */
function wordsOf(utterance: Utterance): { texts: string[]; starts: number[] } {
  if (utterance.words?.length) {
    return { texts: utterance.words.map((word) => word.text), starts: utterance.words.map((word) => word.start) };
  }
  const texts = utterance.text.split(/\s+/).filter(Boolean);
  const total = texts.reduce((sum, text) => sum + text.length + 1, 0) || 1;
  const span = Math.max(0, utterance.end - utterance.start);
  let at = 0;
  const starts = texts.map((text) => {
    const start = utterance.start + (span * at) / total;
    at += text.length + 1;
    return start;
  });
  return { texts, starts };
}

export function buildModel(utterances: readonly Utterance[]): TranscriptModel {
  const lines: Line[] = [];
  const speakers: string[] = [];
  const parts = utterances.map(wordsOf);
  const count = parts.reduce((sum, part) => sum + part.texts.length, 0);
  const starts = new Float64Array(count);
  const lineOf = new Int32Array(count);
  let word = 0;
  let latest = 0;
  utterances.forEach((utterance, index) => {
    if (!speakers.includes(utterance.speaker)) speakers.push(utterance.speaker);
    const part = parts[index] ?? { texts: [], starts: [] };
    lines.push({
      speaker: utterance.speaker,
      start: utterance.start,
      end: utterance.end,
      words: part.texts,
      firstWord: word,
    });
    for (const start of part.starts) {
      // Overlapping speech can start a word before the last one: keep the order for bisection.
      latest = Math.max(start, latest);
      starts[word] = latest;
      lineOf[word] = index;
      word++;
    }
  });
  return { lines, speakers, starts, lineOf };
}

/** "Speaker 1"… in order of first appearance, or the name given to the label. */
export function speakerName(model: TranscriptModel, names: SpeakerNames, label: string): string {
  return names[label] ?? defaultSpeakerName(model, label);
}

export const defaultSpeakerName = (model: TranscriptModel, label: string) =>
  `Speaker ${model.speakers.indexOf(label) + 1}`;

/** The word being spoken at `seconds`: the last one started by then, or -1 before the first. */
export function wordAt(model: TranscriptModel, seconds: number): number {
  let low = 0;
  let high = model.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((model.starts[middle] ?? 0) <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** A match: `length` words from transcript-wide word `first`, all in one line. */
export interface Match {
  readonly first: number;
  readonly length: number;
}

/**
 * Where `query` occurs: one word matches anywhere inside a word ("launch" in "relaunched"); several
 * match consecutive words of one line, the first ending with the first term and the last starting
 * with the last ("we launch to" finds "We launch today").
 */
export function findMatches(model: TranscriptModel, query: string): Match[] {
  const terms = query.split(/\s+/).map(fold).filter(Boolean);
  const [first] = terms;
  if (first === undefined) return [];
  const words = folded(model);
  const { lineOf } = model;
  const matches: Match[] = [];
  const last = terms.length - 1;
  for (let word = 0; word + last < words.length; word++) {
    if (last === 0) {
      if (words[word]?.includes(first)) matches.push({ first: word, length: 1 });
      continue;
    }
    if (lineOf[word] !== lineOf[word + last]) continue;
    let fits = words[word]?.endsWith(first) ?? false;
    for (let term = 1; fits && term <= last; term++) {
      const text = words[word + term] ?? "";
      const wanted = terms[term] ?? "";
      fits = term === last ? text.startsWith(wanted) : text === wanted;
    }
    if (fits) {
      matches.push({ first: word, length: terms.length });
      word += last;
    }
  }
  return matches;
}

/** Seconds as h:mm:ss, the hour always shown so times line up down a long transcript. */
export function hms(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(whole / 3600)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
