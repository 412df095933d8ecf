import type { Translation } from "@contracts/job-schema.ts";
import { LANGUAGE_NAMES } from "@contracts/languages.ts";
import type { SentimentReport } from "@contracts/sentiment.ts";
import { Copy } from "lucide-react";
import { Dialog } from "../../ui/dialog.tsx";
import { copyText } from "../copy-text.ts";
import { DownloadButton } from "../download-button.tsx";
import {
  allIntents,
  allTopics,
  clockTime,
  exportName,
  reportAsText,
  reportFields,
  sentimentSegments,
  transcriptOf,
  translationHeading,
} from "./report.ts";

interface Props {
  readonly report: SentimentReport;
  readonly fileName: string;
  readonly onClose: () => void;
}

/** The sentiment report modal: the fields first, then the full analysis and exports. */
export function SentimentReportDialog({ report, fileName, onClose }: Props) {
  const topics = allTopics(report);
  const intents = allIntents(report);
  const segments = sentimentSegments(report);

  const copy = () => copyText(reportAsText(report, fileName), "Report copied", "Use Download TXT instead.");

  return (
    <Dialog title="Sentiment report" description={fileName} onClose={onClose} wide>
      <div className="report">
        {report.translation ? (
          <TranscriptAndTranslation report={report} translation={report.translation} />
        ) : (
          <section aria-labelledby="report-transcript">
            <h3 id="report-transcript" className="report__heading">
              Transcript
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
            <div className="report__transcript" tabIndex={0}>
              {transcriptOf(report.results)}
            </div>
          </section>
        )}
        <dl className="report__fields">
          {reportFields(report).map((field) => (
            <div key={field.label} className={field.long ? "report__field report__field--long" : "report__field"}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
        {segments.length > 0 && (
          <section aria-labelledby="report-segments">
            <h3 id="report-segments" className="report__heading">
              Sentiment by segment
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
            <ol className="segments" tabIndex={0} aria-labelledby="report-segments">
              {segments.map((segment) => (
                <li
                  key={`${segment.start_word}-${segment.end_word}`}
                  className={`segment segment--${segment.sentiment}`}
                >
                  <span className="segment__label">
                    {segment.sentiment} {segment.sentiment_score.toFixed(2)}
                  </span>
                  <span>{segment.text}</span>
                </li>
              ))}
            </ol>
          </section>
        )}
        {(topics.length > 0 || intents.length > 0) && (
          <div className="report__tallies">
            {[
              { id: "report-topics", title: "All topics", items: topics },
              { id: "report-intents", title: "All intents", items: intents },
            ].map(({ id, title, items }) =>
              items.length ? (
                <section key={id} aria-labelledby={id}>
                  <h3 id={id} className="report__heading">
                    {title}
                  </h3>
                  <ul className="chips">
                    {items.map((item) => (
                      <li key={item.name} className="chip">
                        {item.name}
                        {item.count > 1 && <span className="chip__count"> × {item.count}</span>}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null,
            )}
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={copy}>
            <Copy aria-hidden="true" size={18} /> Copy report
          </button>
          <DownloadButton
            label="Download TXT"
            fileName={exportName(fileName, "txt")}
            text={() => reportAsText(report, fileName)}
          />
          <DownloadButton
            label="Download JSON"
            fileName={exportName(fileName, "json")}
            type="application/json"
            text={() => JSON.stringify(report, null, 2)}
          />
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A report on a recording in another language: what was said, sentence by sentence with its time,
 * beside the English the analyses read; side by side on a wide screen, one above the other on a phone.
 */
function TranscriptAndTranslation({ report, translation }: { report: SentimentReport; translation: Translation }) {
  const sentences = report.sentences ?? [];
  return (
    <div className="report__languages">
      <section aria-labelledby="report-transcript">
        <h3 id="report-transcript" className="report__heading">
          Transcript in <span lang={report.language}>{LANGUAGE_NAMES[report.language]}</span>
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
        <div className="report__transcript" tabIndex={0} lang={report.language}>
          {sentences.length
            ? sentences.map((sentence) => (
                <p key={sentence.start} className="report__sentence">
                  <span className="report__time">{clockTime(sentence.start)}</span> {sentence.text}
                </p>
              ))
            : transcriptOf(report.results)}
        </div>
      </section>
      <section aria-labelledby="report-translation">
        <h3 id="report-translation" className="report__heading">
          {translationHeading(translation)}
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
        <div className="report__transcript" tabIndex={0} lang={translation.language}>
          {translation.text}
        </div>
      </section>
    </div>
  );
}
