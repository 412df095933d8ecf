import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { passGate } from "../billing/tool-gate.ts";
import { API, pathOf } from "../contracts/api-paths.ts";
import type { Language } from "../contracts/languages.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { analysisUpload, readUpload } from "../core/read-upload.ts";
import { findOwnJobOr404 } from "../jobs/own-job.ts";
import { blobSource, UncuttableRecording } from "../jobs/recording-parts.ts";
import { transcribeWhole, translateToEnglish } from "../jobs/spitch-transcript.ts";
import { requireTranscribable } from "../jobs/transcribable.ts";
import { speakerNamesOf } from "../jobs/views.ts";
import { letterheadOf } from "../organisation/contracts/letterhead.ts";
import { organisationOf } from "../organisation/store.ts";
import { parseVocabulary, sessionVocabulary } from "../preferences/store.ts";
import { analyseRecording, analyseText } from "../providers/deepgram.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { displayName } from "../recordings/uploads/display-name.ts";
import { requireRoute } from "../routing.ts";
import { reportFileName } from "./contracts/report-reading.ts";
import {
  type ReportDocumentFormat,
  reportDocumentQuery,
  SENTIMENT_MAX_BYTES,
  type SentimentReport,
} from "./contracts/sentiment.ts";
import { RECORDING_KEPT_HEADER } from "./contracts/sentiment-headers.ts";
import type { ReportDocument } from "./export/report-document.ts";
import { keepReport, languageReport, readReport } from "./sentiment-reports.ts";

/**
 * `POST /api/sentiment` multipart `{file, language?}`: transcript, sentiment, topics, intents and
 * summary, answered at once and kept, with the file while it fits the plan's storage (the
 * `x-recording-kept` header says whether it did, for the report's player). A recording in Yorùbá, Hausa or Igbo is
 * transcribed and translated first and the English text analysed, as the job does. Mounted after
 * the sentiment job routes (`jobs.ts`), which take a finished resumable upload (JSON `{upload_id}`)
 * as a report job. `GET /:id/report?format=docx|pdf`: a kept report as a document to send a client.
 */
export const sentiment = new Hono<AppEnv>();

const unanalysable = (message = "This file could not be analysed. Check that it plays and has speech in it.") =>
  new ApiError(422, "unprocessable_media", message);

sentiment.post("/", async (c) => {
  // The account's terms ride in the gate's batch, so the provider is the only round trip after it.
  const { results } = await passGate(c, "sentiment", { with: (db, key) => [sessionVocabulary(db, key)] });
  const row = results[0]?.results[0] as { vocabulary: string } | undefined;
  const keyterms = parseVocabulary(row?.vocabulary);
  const { file, form } = await readUpload(c, analysisUpload(SENTIMENT_MAX_BYTES, "No file selected"));
  const { language, stages } = requireRoute("sentiment", form.get("language"));
  requireTranscribable(language, file);
  try {
    // The routing table's chain: Deepgram analyses the recording itself, or Spitch transcribes it first.
    const report =
      stages[0]?.provider === "deepgram"
        ? await analyseEnglish(c, file, keyterms)
        : await analyseInLanguage(c, file, language, keyterms);
    const kept = await keepReport(
      c.env,
      {
        userId: c.var.account.id,
        createdBy: c.var.user.id,
        plan: c.var.account.plan,
        file,
        fileName: displayName(file.name),
        language,
      },
      report,
    );
    if (kept) {
      c.header("location", pathOf(API.sentiment.path.job, { id: kept.id }));
      c.header(RECORDING_KEPT_HEADER, String(kept.recordingKept));
    }
    return c.json(report);
  } catch (error) {
    if (error instanceof UncuttableRecording) throw unanalysable(error.message);
    if (!(error instanceof ProviderError)) throw error;
    // A provider's 4xx for the recording (undecodable, too large) is about the file, not an outage.
    if (!error.retryable && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
      console.error("[analysis] provider refused the recording", error);
      throw unanalysable();
    }
    throw providerUnavailable("analysis", error);
  }
});

function analyseEnglish(c: Context<AppEnv>, file: File, keyterms: readonly string[]): Promise<SentimentReport> {
  return analyseRecording(c.var.provider("deepgram"), { audio: file, model: c.var.config.models.analysis, keyterms });
}

async function analyseInLanguage(
  c: Context<AppEnv>,
  file: File,
  language: Language,
  keyterms: readonly string[],
): Promise<SentimentReport> {
  const spitch = c.var.provider("spitch");
  const original = await transcribeWhole(spitch, blobSource(file), {
    type: file.type,
    language,
    specialWords: keyterms,
  });
  if (!original.transcript) throw unanalysable("No speech was found in the recording.");
  const translation = await translateToEnglish(spitch, original.transcript, language);
  return languageReport(language, original, translation, await analyseText(c.var.provider("deepgram"), translation));
}

const DOCUMENTS = {
  // The document libraries are loaded only when a document is asked for, so they cost every other
  // request nothing.
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    body: async (document: ReportDocument) => {
      const [{ documentDocx }, { reportParts }] = await Promise.all([
        import("../press-releases/export/docx.ts"),
        import("./export/report-document.ts"),
      ]);
      return documentDocx(reportParts(document), `Sentiment report: ${document.fileName}`);
    },
  },
  pdf: {
    type: "application/pdf",
    body: async (document: ReportDocument) => {
      const [{ documentPdf }, { reportParts }] = await Promise.all([
        import("../press-releases/export/pdf.ts"),
        import("./export/report-document.ts"),
      ]);
      return documentPdf(reportParts(document), `Sentiment report: ${document.fileName}`);
    },
  },
} as const satisfies Record<ReportDocumentFormat, unknown>;

sentiment.get(API.sentiment.at.report, requireUser, async (c) => {
  const query = reportDocumentQuery.safeParse(c.req.query());
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? "format is one of docx, pdf";
    throw new ApiError(400, "validation_failed", message, { format: [message] });
  }
  const row = await findOwnJobOr404(c, "sentiment");
  const report = row.status === "completed" && row.result_key ? await readReport(c.env, row.result_key) : undefined;
  if (!report)
    throw new ApiError(409, "not_ready", "This report is not finished yet; it can be downloaded once it is.");
  const { type, body } = DOCUMENTS[query.data.format];
  const document: ReportDocument = {
    report,
    fileName: row.file_name,
    createdAt: row.created_at,
    names: speakerNamesOf(row),
    letterhead: letterheadOf(await organisationOf(c.env.DB, c.var.account.id)),
  };
  return new Response(await body(document), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${reportFileName(row.file_name, row.created_at, query.data.format)}"`,
      "cache-control": "no-store",
    },
  });
});
