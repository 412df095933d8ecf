import { toSrt as cuesToSrt } from "@worker/transcripts/contracts/transcript-formats.ts";

/** A final transcript segment, timed from the start of the recording. */
export interface Segment {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

/** A stored or relayed final (seconds from the start of the session) as a segment. */
export function segmentOf(final: { text: string; start: number; duration: number }): Segment {
  return { text: final.text, startMs: final.start * 1000, endMs: (final.start + final.duration) * 1000 };
}

export function transcriptText(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join(" ");
}

/** One numbered cue per final segment, written by the one SubRip writer the Worker's exports use too. */
export function toSrt(segments: readonly Segment[]): string {
  return cuesToSrt(
    segments.map((segment) => ({ start: segment.startMs / 1000, end: segment.endMs / 1000, text: segment.text })),
  );
}
