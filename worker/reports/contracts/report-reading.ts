import { datedFileName, fileWords } from "../../contracts/dated-file-name.ts";
import { LANGUAGE_NAMES } from "../../contracts/languages.ts";
import type { Translation } from "../../jobs/contracts/job-schema.ts";
import type { SentimentReport } from "./sentiment.ts";

/**
 * Turns the provider's report into what the report modal, its exports and the Worker's DOCX and PDF
 * of the report show, so the dialog and the documents read a report the same way.
 */

export const NOT_AVAILABLE = "Not Available";

interface ReportField {
  readonly label: string;
  readonly value: string;
  /** Prose rather than a figure, shown across the whole row. */
  readonly long?: boolean;
}

type Results = SentimentReport["results"];

const score = (value: number | undefined) => (value === undefined ? NOT_AVAILABLE : value.toFixed(2));
const capitalise = (value: string | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : NOT_AVAILABLE;

export function transcriptOf(results: Results): string {
  return results.channels?.[0]?.alternatives[0]?.transcript || NOT_AVAILABLE;
}

/** A word index from a segment, with the word itself where the transcript has it. */
function wordAt(results: Results, index: number | undefined): string {
  if (index === undefined) return NOT_AVAILABLE;
  const word = results.channels?.[0]?.alternatives[0]?.words?.[index];
  const text = word?.punctuated_word ?? word?.word;
  return text ? `${index} (“${text}”)` : String(index);
}

/** The report's headline fields, in the product's order, each "Not Available" when the provider left it out. */
export function reportFields(report: SentimentReport): ReportField[] {
  const { results } = report;
  const average = results.sentiments?.average;
  const firstSegment = results.sentiments?.segments?.[0];
  return [
    { label: "Average sentiment", value: capitalise(average?.sentiment) },
    { label: "Sentiment score", value: score(average?.sentiment_score) },
    { label: "First segment starts at word", value: wordAt(results, firstSegment?.start_word) },
    { label: "First segment ends at word", value: wordAt(results, firstSegment?.end_word) },
    { label: "Topic", value: results.topics?.segments?.[0]?.topics[0]?.topic ?? NOT_AVAILABLE },
    { label: "Intent", value: results.intents?.segments?.[0]?.intents[0]?.intent ?? NOT_AVAILABLE },
    { label: "Summary", value: results.summary?.short || NOT_AVAILABLE, long: true },
  ];
}

interface Tally {
  readonly name: string;
  readonly count: number;
}

function tally(names: string[]): Tally[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

/** Every topic the provider found, most frequent first. */
export function allTopics(report: SentimentReport): Tally[] {
  return tally((report.results.topics?.segments ?? []).flatMap((segment) => segment.topics.map((t) => t.topic)));
}

function allIntents(report: SentimentReport): Tally[] {
  return tally((report.results.intents?.segments ?? []).flatMap((segment) => segment.intents.map((i) => i.intent)));
}

export function sentimentSegments(report: SentimentReport) {
  return report.results.sentiments?.segments ?? [];
}

/** The report as plain text, for copying and the TXT export. */
export function reportAsText(report: SentimentReport, fileName: string): string {
  const lines = [`Vox Sentiment report: ${fileName}`, ""];
  for (const field of reportFields(report)) lines.push(`${field.label}: ${field.value}`);
  const topics = allTopics(report);
  const intents = allIntents(report);
  if (topics.length) lines.push(`All topics: ${topics.map((t) => `${t.name} (${t.count})`).join(", ")}`);
  if (intents.length) lines.push(`All intents: ${intents.map((i) => `${i.name} (${i.count})`).join(", ")}`);
  const segments = sentimentSegments(report);
  if (segments.length) {
    lines.push("", "Sentiment by segment:");
    for (const segment of segments) {
      lines.push(`- [${segment.sentiment} ${segment.sentiment_score.toFixed(2)}] ${segment.text}`);
    }
  }
  if (report.translation) {
    lines.push("", `Transcript (${LANGUAGE_NAMES[report.language]}):`);
    const sentences = report.sentences ?? [];
    if (sentences.length) for (const s of sentences) lines.push(`[${clockTime(s.start)}] ${s.text}`);
    else lines.push(transcriptOf(report.results));
    lines.push("", `${translationHeading(report.translation)}:`, report.translation.text, "");
  } else {
    lines.push("", "Transcript:", transcriptOf(report.results), "");
  }
  return lines.join("\n");
}

/** "English translation": the analyses' language is English, not English (Nigeria) as spoken. */
export function translationHeading(translation: Translation): string {
  return `${translation.language === "en" ? "English" : LANGUAGE_NAMES[translation.language]} translation`;
}

/** Seconds from the start as m:ss, or h:mm:ss past an hour. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A file name for exports: the recording's name without its extension. */
export function exportName(fileName: string, extension: string): string {
  const base = fileWords(fileName.replace(/\.[^.]+$/, "")) || "recording";
  return `${base}-sentiment.${extension}`;
}

/**
 * The report's DOCX or PDF, named as every dated download is (docs/decisions/017): the recording's
 * name and the day, e.g. `town-hall-sentiment-report-2026-11-27.pdf`.
 */
export function reportFileName(fileName: string, createdAt: string, extension: string): string {
  const recording = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return datedFileName(`${recording} sentiment report`, createdAt, extension, "sentiment-report");
}

/** The report's words, whose indexes the segments point at, with their times. */
const wordsOf = (report: SentimentReport) => report.results.channels?.[0]?.alternatives[0]?.words ?? [];

/**
 * When a segment was said, from its first and last word's times; null when the words carry no
 * times for it (a report on a translation: its word indexes are into the English text).
 */
function segmentTimes(
  report: SentimentReport,
  segment: { start_word: number; end_word: number },
): { start: number; end: number } | null {
  if (report.translation) return null;
  const words = wordsOf(report);
  const first = words[segment.start_word];
  const last = words[segment.end_word] ?? words.at(-1);
  return first && last ? { start: first.start, end: Math.max(first.start, last.end) } : null;
}

/** How long the recording is: the provider's figure, else the last word's end. */
export function recordingLength(report: SentimentReport): number {
  return report.metadata?.duration ?? wordsOf(report).at(-1)?.end ?? 0;
}

const SCALE = "(−1 is very negative, 1 very positive)";

/** A score on the provider's −1 to 1 scale in words: "0.33: mildly positive (−1 is very negative, 1 very positive)". */
export function scoreInWords(value: number): string {
  const size = Math.abs(value);
  const side = value > 0 ? "positive" : "negative";
  const words =
    size < 0.1 ? "neutral" : size < 0.3 ? `slightly ${side}` : size < 0.6 ? `mildly ${side}` : `very ${side}`;
  return `${value.toFixed(2)}: ${words} ${SCALE}`;
}

export type SentimentLabel = "positive" | "neutral" | "negative";

export interface TimedSegment {
  readonly sentiment: SentimentLabel;
  readonly score: number;
  readonly text: string;
  readonly start_word: number;
  readonly end_word: number;
  readonly times: { start: number; end: number } | null;
}

/** Every sentiment segment with when it was said, in order. */
export function sentimentTimeline(report: SentimentReport): TimedSegment[] {
  return sentimentSegments(report).map((segment) => ({
    sentiment: segment.sentiment,
    score: segment.sentiment_score,
    text: segment.text,
    start_word: segment.start_word,
    end_word: segment.end_word,
    times: segmentTimes(report, segment),
  }));
}

export interface Occurrences extends Tally {
  /** When it came up, earliest first; empty when the report has no times for it. */
  readonly starts: readonly number[];
}

function occurrences(
  report: SentimentReport,
  segments: readonly { start_word: number; end_word: number; names: readonly string[] }[],
): Occurrences[] {
  const starts = new Map<string, number[]>();
  for (const segment of segments) {
    const start = segmentTimes(report, segment)?.start;
    for (const name of segment.names) {
      const list = starts.get(name) ?? [];
      if (start !== undefined && !list.includes(start)) list.push(start);
      starts.set(name, list);
    }
  }
  return tally(segments.flatMap((segment) => segment.names)).map((item) => ({
    ...item,
    starts: (starts.get(item.name) ?? []).sort((a, b) => a - b),
  }));
}

/** Each topic, most frequent first, with when it came up. */
export function topicsWithTimes(report: SentimentReport): Occurrences[] {
  const segments = report.results.topics?.segments ?? [];
  return occurrences(
    report,
    segments.map((segment) => ({ ...segment, names: segment.topics.map((topic) => topic.topic) })),
  );
}

export function intentsWithTimes(report: SentimentReport): Occurrences[] {
  const segments = report.results.intents?.segments ?? [];
  return occurrences(
    report,
    segments.map((segment) => ({ ...segment, names: segment.intents.map((intent) => intent.intent) })),
  );
}

interface KeyQuote {
  readonly kind: "Most positive" | "Most negative";
  readonly text: string;
  readonly score: number;
  readonly start: number | null;
  /** The speaker's label in the report's utterances, when it has them. */
  readonly speaker: string | null;
}

/** Whose turn it was at `seconds`: the last utterance started by then. */
function speakerAt(report: SentimentReport, seconds: number): string | null {
  let speaker: string | null = null;
  for (const utterance of report.utterances ?? []) {
    if (utterance.start > seconds + 0.001) break;
    speaker = utterance.speaker;
  }
  return speaker;
}

/** The most positive and the most negative thing said, when the report found any. */
export function keyQuotes(report: SentimentReport): KeyQuote[] {
  const timeline = sentimentTimeline(report);
  const quote = (kind: KeyQuote["kind"], segment: TimedSegment | undefined): KeyQuote[] =>
    segment
      ? [
          {
            kind,
            text: segment.text,
            score: segment.score,
            start: segment.times?.start ?? null,
            speaker: segment.times ? speakerAt(report, segment.times.start) : null,
          },
        ]
      : [];
  const positive = timeline.filter((segment) => segment.sentiment === "positive");
  const negative = timeline.filter((segment) => segment.sentiment === "negative");
  const most = (list: TimedSegment[], better: (a: number, b: number) => boolean) =>
    list.reduce<TimedSegment | undefined>(
      (best, segment) => (!best || better(segment.score, best.score) ? segment : best),
      undefined,
    );
  return [
    ...quote(
      "Most positive",
      most(positive, (a, b) => a > b),
    ),
    ...quote(
      "Most negative",
      most(negative, (a, b) => a < b),
    ),
  ];
}
