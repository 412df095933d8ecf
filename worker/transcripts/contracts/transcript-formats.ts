import { withoutControlCharacters } from "../../contracts/control-characters.ts";
import { datedFileName } from "../../contracts/dated-file-name.ts";
import type { SpeakerNames, Utterance } from "./transcript.ts";

/**
 * Transcripts as text, subtitles and captions: the one SRT and WebVTT writer, used by the Worker's
 * exports and the site's downloads alike. Times are seconds from the start of the recording.
 */

/** A subtitle cue; `speaker` is the name shown, when there is one. */
export interface Cue {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly speaker?: string;
}

/** Whole milliseconds, never negative. */
const millis = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `3723.004` → `01:02:03,004` (SubRip) or `01:02:03.004` (WebVTT). */
export function cueTime(seconds: number, format: "srt" | "vtt"): string {
  const ms = millis(seconds);
  const clock = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}`;
  return `${clock}${format === "srt" ? "," : "."}${pad(ms % 1000, 3)}`;
}

/** `3723.4` → `1:02:03`, `83` → `01:23`: how a transcript shows when something was said. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(millis(seconds) / 1000);
  const hours = Math.floor(whole / 3600);
  const rest = `${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/**
 * Cue text on one line: a line break would end the cue early, and `-->` would read as a timing
 * line to a strict parser.
 */
const oneLine = (text: string) => text.replace(/\s+/g, " ").replace(/-->/g, "->").trim();

/** A cue's span; one that would end before it starts lasts a millisecond. */
const span = (cue: Cue, format: "srt" | "vtt") =>
  `${cueTime(cue.start, format)} --> ${cueTime(Math.max(cue.end, cue.start + 0.001), format)}`;

/** SubRip: numbered cues, the speaker's name before the words. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, index) => {
      const text = oneLine(cue.text);
      return `${index + 1}\n${span(cue, "srt")}\n${cue.speaker ? `${oneLine(cue.speaker)}: ${text}` : text}\n`;
    })
    .join("\n");
}

/** WebVTT's text escapes; `<`, `>` and `&` would otherwise start tags and entities. */
const vttEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** WebVTT: the speaker as a voice span (`<v Name>`), which players show or style. */
export function toVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue) => {
    const text = vttEscape(oneLine(cue.text));
    return `${span(cue, "vtt")}\n${cue.speaker ? `<v ${vttEscape(oneLine(cue.speaker))}>${text}` : text}\n`;
  });
  return ["WEBVTT\n", ...body].join("\n");
}

/** Labels in the order they first speak. */
export function speakerLabels(utterances: readonly Pick<Utterance, "speaker">[]): string[] {
  return [...new Set(utterances.map((utterance) => utterance.speaker))];
}

/**
 * Label → name shown: the given name, else "Speaker 1", "Speaker 2"… by first appearance. A name is
 * shown on one line with no controls whatever was stored, so no name can start a turn of its own.
 */
export function speakerNamer(
  utterances: readonly Pick<Utterance, "speaker">[],
  names: SpeakerNames = {},
): (label: string) => string {
  const order = speakerLabels(utterances);
  return (label) => withoutControlCharacters(oneLine(names[label] ?? "")) || `Speaker ${order.indexOf(label) + 1}`;
}

/** What a subtitle line holds at most (two lines of 42), and how long it stays up at most. */
const CUE_MAX_CHARACTERS = 84;
const CUE_MAX_SECONDS = 7;

/**
 * An utterance as cues short enough to read: split at word boundaries where the words' times are
 * known, else one cue.
 */
function utteranceCues(utterance: Utterance, speaker: string): Cue[] {
  const words = utterance.words ?? [];
  if (words.length === 0) return [{ start: utterance.start, end: utterance.end, text: utterance.text, speaker }];
  const cues: Cue[] = [];
  let group: typeof words = [];
  const flush = () => {
    const first = group[0];
    const last = group.at(-1);
    if (first && last) {
      cues.push({ start: first.start, end: last.end, text: group.map((word) => word.text).join(" "), speaker });
    }
    group = [];
  };
  for (const word of words) {
    const first = group[0];
    const length = group.reduce((sum, each) => sum + each.text.length + 1, word.text.length);
    if (first && (length > CUE_MAX_CHARACTERS || word.end - first.start > CUE_MAX_SECONDS)) flush();
    group.push(word);
  }
  flush();
  return cues;
}

/** A transcript's cues, each with its speaker's name. */
export function transcriptCues(utterances: readonly Utterance[], names: SpeakerNames = {}): Cue[] {
  const name = speakerNamer(utterances, names);
  return utterances.flatMap((utterance) => utteranceCues(utterance, name(utterance.speaker)));
}

/** A paragraph per utterance: `[01:23] Ada: what she said`. */
export function transcriptText(utterances: readonly Utterance[], names: SpeakerNames = {}): string {
  const name = speakerNamer(utterances, names);
  return utterances
    .map((utterance) => `[${clockTime(utterance.start)}] ${name(utterance.speaker)}: ${oneLine(utterance.text)}`)
    .join("\n\n")
    .concat(utterances.length ? "\n" : "");
}

/**
 * A download's file name: the title (or file name, without its extension) as a slug and the day,
 * e.g. `lagos-briefing-2026-11-27.srt`.
 */
export function transcriptFileName(title: string, createdAt: string, extension: string): string {
  return datedFileName(title.replace(/\.[A-Za-z0-9]{1,5}$/, ""), createdAt, extension, "transcript");
}
