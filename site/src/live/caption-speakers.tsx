import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { speakerNamer } from "@worker/transcripts/contracts/transcript-formats.ts";

/**
 * Who speaks, as live captions show it: nothing while the session has one voice, and once it has
 * more, the speaker's name before the first words and wherever the speaker changes, so a screen
 * reader hears who speaks only when that changes. Names are the ones the speaker gave, else "Speaker
 * 1", "Speaker 2"… in order of first appearance, as the kept transcript's viewer and exports name them.
 */
export function speakerChanges(
  finals: readonly { readonly speaker: string }[],
  names: SpeakerNames = {},
): (string | null)[] {
  const name = speakerNamer(finals, names);
  const several = finals.some((final) => final.speaker !== finals[0]?.speaker);
  return finals.map((final, index) =>
    several && (index === 0 || finals[index - 1]?.speaker !== final.speaker) ? name(final.speaker) : null,
  );
}

interface SpeakerTurn {
  /** Null while the session has one voice. */
  readonly name: string | null;
  readonly text: string;
}

/** Consecutive finals of one speaker as one paragraph. */
export function speakerTurns(finals: readonly { readonly speaker: string; readonly text: string }[]): SpeakerTurn[] {
  const names = speakerChanges(finals);
  const turns: { name: string | null; text: string }[] = [];
  finals.forEach((final, index) => {
    const name = names[index] ?? null;
    const last = turns.at(-1);
    if (last && name === null) last.text = `${last.text} ${final.text}`;
    else turns.push({ name, text: final.text });
  });
  return turns;
}

/** A speaker's name before their words, in the interface's language whatever language the words are in. */
export function SpeakerName({ name, className }: { name: string; className: string }) {
  return (
    <span className={className} lang="en">
      {name}:{" "}
    </span>
  );
}
