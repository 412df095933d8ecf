import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireTool } from "../auth/tool-gate.ts";
import { SENTIMENT_MAX_BYTES } from "../contracts/sentiment.ts";
import { ApiError, providerUnavailable } from "../errors.ts";
import { analyseRecording } from "../providers/deepgram.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { analysisUpload, readUpload } from "../uploads.ts";

/** `POST /api/sentiment` multipart `{file}`: transcript, sentiment, topics, intents and summary. */
export const sentiment = new Hono<AppEnv>();

sentiment.post("/", requireTool("sentiment"), async (c) => {
  const { file } = await readUpload(c, analysisUpload(SENTIMENT_MAX_BYTES, "No file selected"));
  try {
    return c.json(
      await analyseRecording(c.var.provider("deepgram"), { audio: file, model: c.var.config.models.analysis }),
    );
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
