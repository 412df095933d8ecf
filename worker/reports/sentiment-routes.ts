import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { passGate } from "../billing/tool-gate.ts";
import { API, pathOf } from "../contracts/api-paths.ts";
import type { Language } from "../contracts/languages.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { analysisUpload, readUpload } from "../core/read-upload.ts";
import { blobSource, UncuttableRecording } from "../jobs/recording-parts.ts";
import { transcribeWhole, translateToEnglish } from "../jobs/spitch-transcript.ts";
import { requireTranscribable } from "../jobs/transcribable.ts";
import { parseVocabulary, sessionVocabulary } from "../preferences/store.ts";
import { analyseRecording, analyseText } from "../providers/deepgram.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { displayName } from "../recordings/uploads/display-name.ts";
import { requireRoute } from "../routing.ts";
import { SENTIMENT_MAX_BYTES, type SentimentReport } from "./contracts/sentiment.ts";
import { RECORDING_KEPT_HEADER } from "./contracts/sentiment-headers.ts";
import { keepReport, languageReport } from "./sentiment-reports.ts";

/**
 * `POST /api/sentiment` multipart `{file, language?}`: transcript, sentiment, topics, intents and
 * summary, answered at once and kept, with the file while it fits the plan's storage (the
 * `x-recording-kept` header says whether it did, for the report's player). A recording in Yorùbá, Hausa or Igbo is
 * transcribed and translated first and the English text analysed, as the job does. Mounted after
 * the sentiment job routes (`jobs.ts`), which take a finished resumable upload (JSON `{upload_id}`)
 * as a report job.
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
      { userId: c.var.user.id, plan: c.var.user.plan, file, fileName: displayName(file.name), language },
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
