import { loadConfig } from "../config.ts";
import { analyseRecording } from "../providers/deepgram.ts";
import { signedMediaUrl } from "../uploads/media-url.ts";
import { done, type JobPipeline, providerFailureMessage } from "./pipeline.ts";
import { storeReport } from "./sentiment-reports.ts";
import { setJobStatus } from "./store.ts";

/**
 * A stored recording becomes a sentiment report. The provider fetches the media by a short-lived
 * URL and analyses hours of it before answering, longer than a request may wait; the report goes to
 * R2 (it can outgrow what the engine keeps of a step) and the row says where.
 */
export const sentimentPipeline: JobPipeline = {
  steps: [
    {
      name: "analyse the recording",
      async run({ env, params, providers }) {
        await setJobStatus(env.DB, params.id, { status: "processing" });
        const url = await signedMediaUrl(env.DB, params.origin, params.r2Key, params.contentType);
        const report = await analyseRecording(providers("deepgram"), {
          audio: { url },
          model: loadConfig(env).models.analysis,
        });
        const resultKey = await storeReport(env, params.id, report);
        await setJobStatus(env.DB, params.id, { status: "completed", resultKey });
        return done();
      },
    },
  ],
  failureMessage: (error) =>
    providerFailureMessage(
      error,
      "analysis",
      (refusal) =>
        refusal.status === 400
          ? "This file could not be analysed. Check that it plays and has speech in it."
          : "Vox could not use the analysis service right now. Please try again later.",
      "Something went wrong while analysing the recording. Please try again.",
    ),
};
