import { loadConfig } from "../core/config.ts";
import { vocabularyOfJob } from "../jobs/job-vocabulary.ts";
import { transcribeInLanguage, translateTranscript } from "../jobs/language-steps.ts";
import { done, type JobPipeline, type JobStep, providerFailureMessage } from "../jobs/pipeline.ts";
import { setJobStatus } from "../jobs/store.ts";
import { analyseRecording, analyseText } from "../providers/deepgram.ts";
import { signedMediaUrl } from "../recordings/uploads/media-url.ts";
import { type Stage, stagesFor } from "../routing.ts";
import { completeWithReport, languageReport } from "./sentiment-reports.ts";

/**
 * A stored recording becomes a sentiment report. In English the provider fetches the media by a
 * short-lived URL and analyses hours of it before answering, longer than a request may wait. In
 * Yorùbá, Hausa or Igbo it is transcribed and translated first (`language-steps.ts`) and the English
 * text analysed. The report goes to R2 (it can outgrow what the engine keeps of a step) and the row
 * says where.
 */

const analyseRecordingStep: JobStep = {
  name: "analyse the recording",
  async run({ env, params, providers }) {
    await setJobStatus(env.DB, params.id, { status: "processing" });
    const url = await signedMediaUrl(env.DB, params.origin, params.r2Key, params.contentType);
    const report = await analyseRecording(providers("deepgram"), {
      audio: { url },
      model: loadConfig(env).models.analysis,
      keyterms: await vocabularyOfJob(env.DB, params.id),
    });
    await completeWithReport(env, params.id, report);
    return done();
  },
};

const analyseTranslation: JobStep = {
  name: "analyse the English text",
  async run({ env, params, providers }, { transcript = "", sentences = [], translation = "" }) {
    const analysis = await analyseText(providers("deepgram"), translation);
    const report = languageReport(params.language, { transcript, sentences }, translation, analysis);
    await completeWithReport(env, params.id, report);
    return done();
  },
};

/**
 * The step that sends one stage of the routing table's chain: analysis first in the chain has the
 * recording itself, after a transcription it has the English text.
 */
function sentimentStep(stage: Stage, index: number): JobStep {
  if (stage.provider === "spitch" && stage.task === "transcribe") return transcribeInLanguage;
  if (stage.provider === "spitch" && stage.task === "translate") return translateTranscript;
  if (stage.provider === "deepgram" && stage.task === "analyse") {
    return index === 0 ? analyseRecordingStep : analyseTranslation;
  }
  throw new Error(`a sentiment job cannot ${stage.task} with ${stage.provider}`);
}

export const sentimentPipeline: JobPipeline = {
  steps: ({ language }) => stagesFor("sentiment", language).map(sentimentStep),
  failureMessage: (error) =>
    providerFailureMessage(
      error,
      "analysis",
      (refusal) =>
        refusal.status === 400 || refusal.status === 413 || refusal.status === 422
          ? "This file could not be analysed. Check that it plays and has speech in it."
          : "Vox could not use the analysis service right now. Please try again later.",
      "Something went wrong while analysing the recording. Please try again.",
    ),
};
