import {
  toSrt as cuesToSrt,
  transcriptText as paragraphs,
  transcriptCues,
} from "@worker/transcripts/contracts/transcript-formats.ts";

/** A final transcript segment, timed from the start of the recording, with who said it. */
export interface Segment {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly speaker: string;
}

/** A stored or relayed final (seconds from the start of the session) as a segment. */
export function segmentOf(final: { text: string; start: number; duration: number; speaker: string }): Segment {
  return {
    text: final.text,
    startMs: final.start * 1000,
    endMs: (final.start + final.duration) * 1000,
    speaker: final.speaker,
  };
}

/** The words alone, for copying into something else. */
export function transcriptText(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join(" ");
}

const utterancesOf = (segments: readonly Segment[]) =>
  segments.map((segment) => ({
    speaker: segment.speaker,
    start: segment.startMs / 1000,
    end: segment.endMs / 1000,
    text: segment.text,
  }));

/**
 * A paragraph per final with its time and speaker, written by the Worker's own TXT writer, so the
 * file saved after a recording reads like the kept transcript's.
 */
export function toText(segments: readonly Segment[]): string {
  return paragraphs(utterancesOf(segments));
}

/**
 * Numbered cues with the speaker's name, written by the one SubRip writer the Worker's exports use
 * too, so the file saved after a recording reads like the kept transcript's.
 */
export function toSrt(segments: readonly Segment[]): string {
  return cuesToSrt(transcriptCues(utterancesOf(segments)));
}
