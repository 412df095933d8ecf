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

/** `3723004` → `01:02:03,004`, SubRip's timestamp format. */
export function srtTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(whole % 1000, 3)}`;
}

/** One numbered cue per final segment; a cue never ends before it starts. */
export function toSrt(segments: readonly Segment[]): string {
  return segments
    .map((segment, index) => {
      const end = Math.max(segment.endMs, segment.startMs + 1);
      return `${index + 1}\n${srtTime(segment.startMs)} --> ${srtTime(end)}\n${segment.text}\n`;
    })
    .join("\n");
}
