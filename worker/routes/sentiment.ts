import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { requireTool } from "../auth/tool-gate.ts";
import { SENTIMENT_MAX_BYTES, type SentimentJobList, sentimentReportSchema } from "../contracts/sentiment.ts";
import { ApiError, providerUnavailable } from "../errors.ts";
import { handToJob } from "../job-intake.ts";
import { analyseRecording } from "../providers/deepgram.ts";
import { ProviderError } from "../providers/provider-error.ts";
import {
  deleteSentimentJob,
  findOwnSentimentJob,
  keepReport,
  listSentimentJobs,
  publicSentimentJob,
} from "../sentiment/store.ts";
import { displayName } from "../uploads/display-name.ts";
import { sendsUploadId } from "../uploads/json-body.ts";
import { deleteMedia } from "../uploads/media-url.ts";
import { analysisUpload, readUpload } from "../uploads.ts";

/**
 * `POST /api/sentiment` multipart `{file}`: transcript, sentiment, topics, intents and summary,
 * answered at once and kept (the file is not). JSON `{upload_id}` on a finished resumable upload starts a `SentimentJob`
 * instead (202), whose report is kept until its owner deletes it.
 */
export const sentiment = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new ApiError(404, "not_found", "That report does not exist or is not yours.");

sentiment.post(
  "/",
  // A finished upload goes to the report's own object, which checks and starts it (`job-intake.ts`).
  async (c, next) => (sendsUploadId(c) ? handToJob(c, c.env.SENTIMENT_JOBS) : next()),
  requireTool("sentiment"),
  async (c) => {
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
      c.header("location", `/api/sentiment/${id}`);
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
  },
);

sentiment.get("/", requireUser, async (c) => {
  const rows = await listSentimentJobs(c.env.DB, c.var.user.id);
  return c.json({ items: rows.map(publicSentimentJob) } satisfies SentimentJobList);
});

sentiment.get("/:id", requireUser, async (c) => {
  const id = c.req.param("id");
  const row = UUID.test(id) ? await findOwnSentimentJob(c.env.DB, id, c.var.user.id) : null;
  if (!row) throw notFound();
  const stored = row.report_key ? await c.env.AUDIO.get(row.report_key) : null;
  const report = stored ? sentimentReportSchema.parse(await stored.json()) : undefined;
  c.header("cache-control", "no-store");
  return c.json({ ...publicSentimentJob(row), ...(report ? { report } : {}) });
});

sentiment.delete("/:id", requireUser, async (c) => {
  const id = c.req.param("id");
  const row = UUID.test(id) ? await findOwnSentimentJob(c.env.DB, id, c.var.user.id) : null;
  if (!row) throw notFound();
  await c.env.SENTIMENT_JOBS.getByName(id).cancel();
  if (row.r2_key) await deleteMedia(c.env, row.r2_key);
  if (row.report_key) await c.env.AUDIO.delete(row.report_key);
  await deleteSentimentJob(c.env.DB, id);
  return c.json({ message: "Report deleted" });
});
