import { formatBillingDate } from "../../billing/contracts/billing-figures.ts";
import { LANGUAGE_NAMES } from "../../contracts/languages.ts";
import type { Letterhead } from "../../organisation/contracts/letterhead.ts";
import type { Block, Run } from "../../press-releases/contracts/release-markdown.ts";
import { type DocumentPart, withLetterhead } from "../../press-releases/export/document-parts.ts";
import type { SpeakerNames } from "../../transcripts/contracts/transcript.ts";
import { speakerNamer } from "../../transcripts/contracts/transcript-formats.ts";
import {
  clockTime,
  intentsWithTimes,
  keyQuotes,
  NOT_AVAILABLE,
  type Occurrences,
  scoreInWords,
  sentimentTimeline,
  topicsWithTimes,
  transcriptOf,
  translationHeading,
} from "../contracts/report-reading.ts";
import type { SentimentReport } from "../contracts/sentiment.ts";

/** The report a client is sent: what the dialog shows, read the same way, with the transcript last. */
export interface ReportDocument {
  readonly report: SentimentReport;
  readonly fileName: string;
  readonly createdAt: string;
  readonly names: SpeakerNames;
  readonly letterhead: Letterhead | null;
}

const plain = (text: string): Run => ({ text, bold: false, italic: false });
const bold = (text: string): Run => ({ text, bold: true, italic: false });
const italic = (text: string): Run => ({ text, bold: false, italic: true });
const heading = (level: 1 | 2, text: string): Block => ({ kind: "heading", level, runs: [bold(text)] });
const paragraph = (...runs: Run[]): Block => ({ kind: "paragraph", runs });

/** The sentiment report as parts both document writers lay out, under the press kit's letterhead. */
export function reportParts({ report, fileName, createdAt, names, letterhead }: ReportDocument): DocumentPart[] {
  const { results } = report;
  const speaker = speakerNamer(report.utterances ?? [], names);
  const average = results.sentiments?.average;
  const timeline = sentimentTimeline(report);
  const parts: DocumentPart[] = [
    heading(1, "Sentiment report"),
    paragraph(italic(`${fileName}, analysed ${formatBillingDate(createdAt)}`)),
    // The score in words, as the dialog says it: the provider's own label can say "neutral" of a 0.33.
    heading(2, "Overall tone"),
    paragraph(average ? bold(scoreInWords(average.sentiment_score)) : plain(NOT_AVAILABLE)),
    heading(2, "Sentiment over time"),
  ];
  if (timeline.length) {
    parts.push(
      paragraph(
        plain(
          report.translation
            ? "Each bar is a passage of the English translation, in order: right of the line positive, left negative."
            : "Each bar is a passage, at the time it starts: right of the line positive, left negative.",
        ),
      ),
      {
        kind: "bars",
        bars: timeline.map((segment, index) => ({
          label: segment.times ? clockTime(segment.times.start) : `${index + 1}`,
          value: segment.score,
          tone: segment.sentiment,
          note: `${segment.sentiment} ${segment.score.toFixed(2)}`,
        })),
      },
    );
  } else {
    parts.push(paragraph(plain(NOT_AVAILABLE)));
  }

  parts.push(heading(2, "Key quotes"));
  const quotes = keyQuotes(report);
  if (!quotes.length) parts.push(paragraph(plain("Nothing said was clearly positive or negative.")));
  for (const quote of quotes) {
    const who = [
      quote.speaker === null ? null : speaker(quote.speaker),
      quote.start === null ? null : `at ${clockTime(quote.start)}`,
    ]
      .filter(Boolean)
      .join(" ");
    parts.push(
      paragraph(bold(`${quote.kind} (${quote.score.toFixed(2)})${who ? `: ${who}` : ""}`)),
      paragraph(italic(`“${quote.text}”`)),
    );
  }

  parts.push(
    heading(2, "Topics"),
    occurrenceList(topicsWithTimes(report)),
    heading(2, "Intents"),
    occurrenceList(intentsWithTimes(report)),
    heading(2, "Summary"),
    paragraph(plain(results.summary?.short || results.summary?.result || NOT_AVAILABLE)),
    heading(1, "Appendix: transcript"),
    ...transcriptAppendix(report, speaker),
  );
  return withLetterhead(letterhead, parts);
}

/** "water supply (3) at 0:12, 1:40; budget (1)": each name, how often, and when it came up. */
function occurrenceList(items: readonly Occurrences[]): Block {
  if (!items.length) return paragraph(plain(NOT_AVAILABLE));
  const runs = items.flatMap((item, index): Run[] => [
    bold(item.name),
    plain(
      ` (${item.count})${item.starts.length ? ` at ${item.starts.map(clockTime).join(", ")}` : ""}${index < items.length - 1 ? "; " : ""}`,
    ),
  ]);
  return paragraph(...runs);
}

function transcriptAppendix(report: SentimentReport, speaker: (label: string) => string): Block[] {
  if (report.translation) {
    const sentences = report.sentences ?? [];
    return [
      heading(2, `Transcript (${LANGUAGE_NAMES[report.language]})`),
      ...(sentences.length
        ? sentences.map((sentence) => paragraph(bold(`${clockTime(sentence.start)} `), plain(sentence.text)))
        : [paragraph(plain(transcriptOf(report.results)))]),
      heading(2, translationHeading(report.translation)),
      paragraph(plain(report.translation.text)),
    ];
  }
  const utterances = report.utterances ?? [];
  if (!utterances.length) return [paragraph(plain(transcriptOf(report.results)))];
  return utterances.map((utterance) =>
    paragraph(bold(`${speaker(utterance.speaker)}  ${clockTime(utterance.start)}  `), plain(utterance.text)),
  );
}
