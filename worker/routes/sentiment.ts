import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireTool } from "../auth/tool-gate.ts";
import { JOB_PATHS } from "../contracts/jobs.ts";
import { SENTIMENT_MAX_BYTES } from "../contracts/sentiment.ts";
import { ApiError, providerUnavailable } from "../errors.ts";
import { keepReport } from "../jobs/sentiment-reports.ts";
import { analyseRecording } from "../providers/deepgram.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { displayName } from "../uploads/display-name.ts";
import { analysisUpload, readUpload } from "../uploads.ts";

/**
 * `POST /api/sentiment` multipart `{file}`: transcript, sentiment, topics, intents and summary,
 * answered at once and kept (the file is not). Mounted after the sentiment job routes
 * (`jobs.ts`), which take a finished resumable upload (JSON `{upload_id}`) as a report job.
 */
export const sentiment = new Hono<AppEnv>();

sentiment.post("/", requireTool("sentiment"), async (c) => {
  const { file } = await readUpload(c, analysisUpload(SENTIMENT_MAX_BYTES, "No file selected"));
  try {
    const report = await analyseRecording(c.var.provider("deepgram"), {
      audio: file,
      model: c.var.config.models.analysis,
    });
    const id = await keepReport(
      c.env,
      { userId: c.var.user.id, fileName: displayName(file.name), contentType: file.type, bytes: file.size },
      report,
    );
    c.header("location", `${JOB_PATHS.sentiment}/${id}`);
    return c.json(report);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Deepgram answers 400 for audio it cannot decode: that is about the file, not an outage.
    if (error.status === 400) {
      console.error("[analysis] provider refused the recording", error);
      throw new ApiError(
        422,
        "unprocessable_media",
        "This file could not be analysed. Check that it plays and has speech in it.",
      );
    }
    throw providerUnavailable("analysis", error);
  }
});
