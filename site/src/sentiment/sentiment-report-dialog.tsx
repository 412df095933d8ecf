import { LANGUAGE_NAMES } from "@contracts/languages.ts";
import type { Translation } from "@worker/jobs/contracts/job-schema.ts";
import {
  clockTime,
  exportName,
  NOT_AVAILABLE,
  recordingLength,
  reportAsText,
  reportFields,
  sentimentSegments,
  sentimentTimeline,
  transcriptOf,
  translationHeading,
} from "@worker/reports/contracts/report-reading.ts";
import type { SentimentReport } from "@worker/reports/contracts/sentiment.ts";
import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { Copy } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { jobPath } from "../jobs/jobs-api.ts";
import { copyText } from "../tools/copy-text.ts";
import { DownloadButton } from "../tools/download-button.tsx";
import type { ExportTranscript } from "../transcripts/transcript-exports.tsx";
import { TranscriptViewer, type TranscriptViewerHandle } from "../transcripts/transcript-viewer.tsx";
import { fetchTranscriptExport, recordingUrl, renameSpeaker } from "../transcripts/transcripts-api.ts";
import { Dialog } from "../ui/dialog.tsx";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ReportDocuments } from "./report-documents.tsx";
import { KeyQuotes, OverallScore, TopicsAndIntents } from "./report-insights.tsx";
import { type Moment, SentimentTimeline } from "./sentiment-timeline.tsx";

/** A kept report's job: its id for names, exports and the recording. */
export interface ReportJob {
  readonly id: string;
  readonly recordingKept: boolean;
  readonly speakerNames?: SpeakerNames | undefined;
}

interface Props {
  readonly report: SentimentReport;
  readonly fileName: string;
  /** Absent for a report whose job is not known: it then cannot be renamed or exported by the Worker. */
  readonly job?: ReportJob | undefined;
  readonly onClose: () => void;
}

/**
 * The sentiment report modal, for PR people first: the overall tone in words, the sentiment across
 * the recording, the key quotes, the transcript with its speakers and player, topics and intents
 * with when they came up; then the specification's fields under Details, and exports.
 */
export function SentimentReportDialog({ report, fileName, job, onClose }: Props) {
  const viewer = useRef<TranscriptViewerHandle>(null);
  const { canEdit } = useWorkspace();
  const [names, setNames] = useState<SpeakerNames>(job?.speakerNames ?? {});
  const utterances = report.utterances?.length ? report.utterances : null;
  const path = job ? jobPath("sentiment", job.id) : null;
  const recording = useMemo(
    () => (path && job?.recordingKept ? { address: () => recordingUrl(path) } : undefined),
    [path, job?.recordingKept],
  );
  const rename = useMemo(
    () => (path ? (label: string, name: string | null) => renameSpeaker(path, label, name) : undefined),
    [path],
  );
  const exportAs = useMemo<ExportTranscript | undefined>(
    () => (path ? (format) => fetchTranscriptExport(path, format, "transcript") : undefined),
    [path],
  );
  const moment: Moment | undefined = utterances
    ? { go: (seconds) => viewer.current?.playFrom(seconds), verb: recording ? "Play" : "Show" }
    : undefined;

  const copy = () => copyText(reportAsText(report, fileName), "Report copied", "Use Download TXT instead.");

  return (
    <Dialog title="Sentiment report" description={fileName} onClose={onClose} wide>
      <div className="report">
        <OverallScore report={report} />
        {sentimentSegments(report).length > 0 && (
          <SentimentTimeline segments={sentimentTimeline(report)} length={recordingLength(report)} moment={moment} />
        )}
        <KeyQuotes report={report} names={names} moment={moment} />
        {report.translation ? (
          <TranscriptAndTranslation report={report} translation={report.translation} />
        ) : utterances ? (
          <TranscriptViewer
            ref={viewer}
            utterances={utterances}
            speakerNames={job?.speakerNames}
            renameSpeaker={canEdit ? rename : undefined}
            recording={recording}
            exportAs={exportAs}
            onNames={setNames}
          />
        ) : (
          <PlainTranscript report={report} />
        )}
        <TopicsAndIntents report={report} moment={moment} />
        <section aria-labelledby="report-details">
          <h3 id="report-details" className="report__heading">
            Details
          </h3>
          <dl className="report__fields">
            {reportFields(report).map((field) => (
              <div key={field.label} className={field.long ? "report__field report__field--long" : "report__field"}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
          {utterances && !report.translation && (
            <details className="report__plain">
              <summary>Transcript as one text</summary>
              <TranscriptText report={report} />
            </details>
          )}
        </section>
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
          {job && <ReportDocuments jobId={job.id} />}
        </div>
      </div>
    </Dialog>
  );
}

/** The provider's transcript as one text: the specification's transcript field. */
function PlainTranscript({ report }: { report: SentimentReport }) {
  return (
    <section aria-labelledby="report-transcript">
      <h3 id="report-transcript" className="report__heading">
        Transcript
      </h3>
      <TranscriptText report={report} />
    </section>
  );
}

function TranscriptText({ report }: { report: SentimentReport }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <div className="report__transcript" tabIndex={0}>
      {transcriptOf(report.results)}
    </div>
  );
}

/**
 * A report on a recording in another language: what was said, sentence by sentence with its time,
 * beside the English the analyses read; side by side on a wide screen, one above the other on a phone.
 */
function TranscriptAndTranslation({ report, translation }: { report: SentimentReport; translation: Translation }) {
  const sentences = report.sentences ?? [];
  const transcript = transcriptOf(report.results);
  // "Not Available" in place of a transcript is English: marked as the recording's language, a
  // screen reader would read it with that language's voice.
  const spoken = sentences.length > 0 || transcript !== NOT_AVAILABLE;
  return (
    <div className="report__languages">
      <section aria-labelledby="report-transcript">
        <h3 id="report-transcript" className="report__heading">
          Transcript in <span lang={report.language}>{LANGUAGE_NAMES[report.language]}</span>
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
        <div className="report__transcript" tabIndex={0} lang={spoken ? report.language : undefined}>
          {sentences.length
            ? sentences.map((sentence) => (
                <p key={sentence.start} className="report__sentence">
                  <span className="report__time">{clockTime(sentence.start)}</span> {sentence.text}
                </p>
              ))
            : transcript}
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
