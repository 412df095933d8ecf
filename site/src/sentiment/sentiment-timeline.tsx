import type { SentimentLabel, TimedSegment } from "@worker/reports/contracts/report-reading.ts";
import { hms } from "../transcripts/transcript-model.ts";

/** A mark beside each colour, so the timeline reads without telling colours apart. */
const MARK: Record<SentimentLabel, string> = { positive: "+", neutral: "·", negative: "−" };

export interface Moment {
  /** Plays the recording from `seconds` (or, with no recording, shows that moment in the transcript). */
  readonly go: (seconds: number) => void;
  /** "Play" or "Show", for the buttons' names. */
  readonly verb: string;
}

interface Props {
  readonly segments: readonly TimedSegment[];
  readonly length: number;
  readonly moment: Moment | undefined;
}

/**
 * The sentiment across the recording: a strip of segments as long as each lasted, coloured and
 * marked by sentiment, then the same segments as a list with their times. The strip is for the eye
 * and the pointer; the list is the way in by keyboard and screen reader.
 */
export function SentimentTimeline({ segments, length, moment }: Props) {
  const timed = segments.filter((segment) => segment.times);
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const segment of segments) counts[segment.sentiment] += 1;
  return (
    <section aria-labelledby="report-segments">
      <h3 id="report-segments" className="report__heading">
        Sentiment across the recording
      </h3>
      {timed.length > 0 && length > 0 && (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the list below plays each segment by keyboard
        <div
          className="timeline"
          onClick={(event) => {
            const start = (event.target as HTMLElement).closest<HTMLElement>("[data-start]")?.dataset.start;
            if (start !== undefined) moment?.go(Number(start));
          }}
        >
          <div
            className="timeline__strip"
            role="img"
            aria-label={`Sentiment over ${hms(length)}: ${counts.positive} positive, ${counts.neutral} neutral and ${counts.negative} negative segments.`}
          >
            {timed.map((segment) => {
              const times = segment.times ?? { start: 0, end: 0 };
              return (
                <span
                  key={`${segment.start_word}-${segment.end_word}`}
                  className={`timeline__part timeline__part--${segment.sentiment}`}
                  data-start={times.start}
                  title={`${segment.sentiment} ${segment.score.toFixed(2)} at ${hms(times.start)}`}
                  style={{
                    left: `${(100 * times.start) / length}%`,
                    width: `${Math.max(0.4, (100 * (times.end - times.start)) / length)}%`,
                  }}
                >
                  {MARK[segment.sentiment]}
                </span>
              );
            })}
          </div>
          <p className="timeline__scale" aria-hidden="true">
            <span>0:00:00</span>
            <span>{hms(length)}</span>
          </p>
          <ul className="timeline__legend" aria-label="Key">
            {(["positive", "neutral", "negative"] as const).map((label) => (
              <li key={label}>
                <span className={`timeline__swatch timeline__part--${label}`} aria-hidden="true">
                  {MARK[label]}
                </span>{" "}
                {label[0]?.toUpperCase()}
                {label.slice(1)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
      <ol className="segments" tabIndex={0} aria-labelledby="report-segments">
        {segments.map((segment) => (
          <li key={`${segment.start_word}-${segment.end_word}`} className={`segment segment--${segment.sentiment}`}>
            <span className="segment__label">
              {segment.sentiment} {segment.score.toFixed(2)}
              {segment.times && (
                <>
                  {" "}
                  <MomentButton seconds={segment.times.start} moment={moment} />
                </>
              )}
            </span>
            <span>{segment.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A time that plays the recording from there; plain text when there is nothing to play. */
export function MomentButton({ seconds, moment }: { seconds: number; moment: Moment | undefined }) {
  const time = hms(seconds);
  if (!moment) return <span className="report__time">{time}</span>;
  return (
    <button
      type="button"
      className="link-button report__time"
      aria-label={`${moment.verb} from ${time}`}
      onClick={() => moment.go(seconds)}
    >
      {time}
    </button>
  );
}
