import {
  intentsWithTimes,
  keyQuotes,
  type Occurrences,
  scoreInWords,
  topicsWithTimes,
} from "@worker/reports/contracts/report-reading.ts";
import type { SentimentReport } from "@worker/reports/contracts/sentiment.ts";
import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { buildModel, speakerName } from "../transcripts/transcript-model.ts";
import { type Moment, MomentButton } from "./sentiment-timeline.tsx";

/** Times listed per topic or intent before the rest are only counted. */
const TIMES_SHOWN = 8;

/** The average score on its −1 to 1 scale, in words. */
export function OverallScore({ report }: { report: SentimentReport }) {
  const average = report.results.sentiments?.average;
  if (!average) return null;
  return (
    <section aria-labelledby="report-overall" className="report__overall">
      <h3 id="report-overall" className="report__heading">
        Overall tone
      </h3>
      <p className="report__score">{scoreInWords(average.sentiment_score)}</p>
    </section>
  );
}

/** The most positive and most negative things said, with who said them and when. */
export function KeyQuotes({
  report,
  names,
  moment,
}: {
  report: SentimentReport;
  names: SpeakerNames;
  moment: Moment | undefined;
}) {
  const quotes = keyQuotes(report);
  if (!quotes.length) return null;
  const model = buildModel(report.utterances ?? []);
  return (
    <section aria-labelledby="report-quotes">
      <h3 id="report-quotes" className="report__heading">
        Key quotes
      </h3>
      <ul className="quotes">
        {quotes.map((quote) => (
          <li key={quote.kind} className={`quote quote--${quote.kind === "Most positive" ? "positive" : "negative"}`}>
            <p className="quote__kind">
              {quote.kind} ({quote.score.toFixed(2)})
            </p>
            <blockquote className="quote__text">“{quote.text}”</blockquote>
            <p className="quote__source">
              {quote.speaker !== null && <>{speakerName(model, names, quote.speaker)}, </>}
              {quote.start !== null && <MomentButton seconds={quote.start} moment={moment} />}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every topic and intent, most frequent first, with the times each came up. */
export function TopicsAndIntents({ report, moment }: { report: SentimentReport; moment: Moment | undefined }) {
  const groups = [
    { id: "report-topics", title: "Topics", items: topicsWithTimes(report) },
    { id: "report-intents", title: "Intents", items: intentsWithTimes(report) },
  ].filter((group) => group.items.length);
  if (!groups.length) return null;
  return (
    <div className="report__tallies">
      {groups.map(({ id, title, items }) => (
        <section key={id} aria-labelledby={id}>
          <h3 id={id} className="report__heading">
            {title}
          </h3>
          <ul className="occurrences">
            {items.map((item) => (
              <OccurrenceItem key={item.name} item={item} moment={moment} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function OccurrenceItem({ item, moment }: { item: Occurrences; moment: Moment | undefined }) {
  const shown = item.starts.slice(0, TIMES_SHOWN);
  const more = item.starts.length - shown.length;
  return (
    <li className="occurrence">
      <span className="occurrence__name">
        {item.name}
        {item.count > 1 && <span className="chip__count"> × {item.count}</span>}
      </span>
      {shown.length > 0 && (
        <span className="occurrence__times">
          {shown.map((start) => (
            <MomentButton key={start} seconds={start} moment={moment} />
          ))}
          {more > 0 && <span className="muted"> and {more} more</span>}
        </span>
      )}
    </li>
  );
}
