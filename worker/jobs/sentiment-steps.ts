import { loadConfig } from "../config.ts";
import { analyseRecording } from "../providers/deepgram.ts";
import { ProviderContractError, ProviderError } from "../providers/provider-error.ts";
import { signedMediaUrl } from "../uploads/media-url.ts";
import { done, JobFailure, type JobPipeline } from "./pipeline.ts";
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
  failureMessage(error) {
    if (error instanceof JobFailure) return error.message;
    if (error instanceof ProviderContractError) {
      return "The analysis service answered in a way Vox does not understand. Please try again later.";
    }
    if (error instanceof ProviderError) {
      if (error.retryable) return "The analysis service is not answering. Please try again later.";
      if (error.status === 400) return "This file could not be analysed. Check that it plays and has speech in it.";
      return "Vox could not use the analysis service right now. Please try again later.";
    }
    return "Something went wrong while analysing the recording. Please try again.";
  },
};
