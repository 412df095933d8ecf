import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { Fragment, memo, type RefObject, useCallback, useMemo } from "react";
import { hms, type Line, type Match, speakerName, type TranscriptModel } from "./transcript-model.ts";
import type { LineWindow } from "./use-line-window.ts";
import { useLineWindow } from "./use-line-window.ts";

/** A line's height before it is measured: its speaker row, then its words wrapped at the width. */
function estimateLineHeight(characters: number, width: number, fontSize: number): number {
  const perRow = Math.max(8, Math.floor((width - 2 * fontSize) / (fontSize * 0.55)));
  const lineHeight = fontSize * 1.5;
  return lineHeight * (1 + Math.ceil(characters / perRow)) + fontSize;
}

interface Props {
  readonly model: TranscriptModel;
  readonly names: SpeakerNames;
  readonly scroller: RefObject<HTMLElement | null>;
  /** The scroller's own name, apart from the section's heading. */
  readonly label: string;
  /** The word being spoken, transcript-wide, or -1. */
  readonly currentWord: number;
  readonly matchesByLine: ReadonlyMap<number, readonly Match[]>;
  readonly activeMatch: Match | undefined;
  /** Absent when there is no recording to play. */
  readonly onPlayFrom: ((seconds: number) => void) | undefined;
  readonly windowRef: RefObject<LineWindow | null>;
}

/** The transcript's lines, only those near the view rendered; a word or a time plays from there. */
export function TranscriptLines({
  model,
  names,
  scroller,
  label,
  currentWord,
  matchesByLine,
  activeMatch,
  onPlayFrom,
  windowRef,
}: Props) {
  const lengths = useMemo(
    () => model.lines.map((line) => line.words.reduce((sum, word) => sum + word.length + 1, 0)),
    [model],
  );
  const lineWindow = useLineWindow(scroller, lengths, estimateLineHeight);
  windowRef.current = lineWindow;
  const currentLine = currentWord >= 0 ? (model.lineOf[currentWord] ?? -1) : -1;
  const activeLine = activeMatch ? (model.lineOf[activeMatch.first] ?? -1) : -1;

  const onClick = useCallback(
    (event: React.MouseEvent) => {
      const word = (event.target as HTMLElement).closest<HTMLElement>("[data-word]");
      if (!word || !onPlayFrom) return;
      onPlayFrom(model.starts[Number(word.dataset.word)] ?? 0);
    },
    [model, onPlayFrom],
  );

  const rendered = [];
  for (let index = lineWindow.first; index < lineWindow.last; index++) {
    const line = model.lines[index];
    if (!line) continue;
    rendered.push(
      <LineView
        key={index}
        index={index}
        line={line}
        speaker={speakerName(model, names, line.speaker)}
        current={index === currentLine ? currentWord - line.firstWord : -1}
        matches={matchesByLine.get(index)}
        active={index === activeLine && activeMatch ? activeMatch.first - line.firstWord : -1}
        onPlayFrom={onPlayFrom}
      />,
    );
  }

  return (
    <section
      ref={scroller}
      className="transcript__scroller"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
      tabIndex={0}
      aria-label={label}
      onScroll={lineWindow.onScroll}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a word is a pointer shortcut; each line's time button is the keyboard's way to play from it */}
      <div
        className={onPlayFrom ? "transcript__lines transcript__lines--playable" : "transcript__lines"}
        style={{ paddingTop: lineWindow.padTop, paddingBottom: lineWindow.padBottom }}
        onClick={onClick}
      >
        {rendered}
      </div>
    </section>
  );
}

interface LineProps {
  readonly index: number;
  readonly line: Line;
  readonly speaker: string;
  /** The word being spoken within this line, or -1. */
  readonly current: number;
  readonly matches: readonly Match[] | undefined;
  /** The first word of the chosen match within this line, or -1. */
  readonly active: number;
  readonly onPlayFrom: ((seconds: number) => void) | undefined;
}

const LineView = memo(function LineView({ index, line, speaker, current, matches, active, onPlayFrom }: LineProps) {
  const hit = new Set<number>();
  for (const match of matches ?? []) {
    for (let word = 0; word < match.length; word++) hit.add(match.first - line.firstWord + word);
  }
  const activeLength =
    active >= 0 ? (matches?.find((match) => match.first - line.firstWord === active)?.length ?? 0) : 0;
  const time = hms(line.start);
  return (
    <div className="utterance" data-line={index}>
      <p className="utterance__meta">
        <span className="utterance__speaker">{speaker}</span>{" "}
        {onPlayFrom ? (
          <button
            type="button"
            className="utterance__time link-button"
            aria-label={`${time}, play from here`}
            onClick={(event) => {
              event.stopPropagation();
              onPlayFrom(line.start);
            }}
          >
            {time}
          </button>
        ) : (
          <span className="utterance__time">{time}</span>
        )}
      </p>
      <p className="utterance__text">
        {line.words.map((word, position) => {
          const global = line.firstWord + position;
          const isActive = position >= active && position < active + activeLength;
          const className = [
            "word",
            hit.has(position) ? "word--hit" : "",
            isActive ? "word--hit-active" : "",
            position === current ? "word--current" : "",
          ]
            .filter(Boolean)
            .join(" ");
          const Tag = hit.has(position) ? "mark" : "span";
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's words never reorder
            <Fragment key={position}>
              {position > 0 && " "}
              <Tag className={className} data-word={global} aria-current={position === current ? "time" : undefined}>
                {word}
              </Tag>
            </Fragment>
          );
        })}
      </p>
    </div>
  );
});
