import { jobIdOf, jobIntake } from "../job-intake.ts";
import { readUploadId } from "../uploads/json-body.ts";
import { takeUpload } from "../uploads/take.ts";

export interface SentimentJobInput {
  readonly id: string;
  readonly r2Key: string;
  readonly contentType: string;
  /** The origin the job was created under; the provider fetches the media from it. */
  readonly origin: string;
}

/**
 * `POST /api/sentiment` with JSON `{upload_id}`, answered by the report's own `SentimentJob` (see
 * `job-intake.ts`): the finished upload becomes the report's recording and the job starts before
 * the 202.
 */
export function sentimentIntake(start: (input: SentimentJobInput) => Promise<void>) {
  return jobIntake("sentiment", async (c) => {
    const id = jobIdOf(c);
    const { upload_id } = await readUploadId(c);
    const taken = await takeUpload(c.env.DB, "sentiment_reports", id, upload_id, c.var.user.id);
    await start({ id, ...taken, origin: new URL(c.req.url).origin });
    c.header("location", `/api/sentiment/${id}`);
    return c.json({ id, status: "queued" as const }, 202);
  });
}
