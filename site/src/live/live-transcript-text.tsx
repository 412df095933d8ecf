import { SpeakerName, speakerTurns } from "./caption-speakers.tsx";
import type { Segment } from "./transcript-export.ts";

/**
 * What the speaker's page shows of the session: the finals so far, then the words being spoken,
 * greyed. With one voice it is one paragraph; with more, a paragraph per turn led by its speaker.
 */
export function LiveTranscriptText({
  segments,
  interim,
  placeholder,
}: {
  segments: readonly Segment[];
  interim: string;
  placeholder: string;
}) {
  if (!segments.length && !interim) return <p className="muted">{placeholder}</p>;
  const turns = segments.length ? speakerTurns(segments) : [{ name: null, text: "" }];
  return turns.map((turn, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: turns only grow at the end and never reorder
    <p key={index}>
      {turn.name && <SpeakerName name={turn.name} className="transcript__speaker" />}
      {turn.text}
      {interim && index === turns.length - 1 && <span className="transcript__interim"> {interim}</span>}
    </p>
  ));
}
