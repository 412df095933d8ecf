import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { formatBytes } from "../contracts/media.ts";
import { planLimits, storageQuotaBytes } from "../contracts/plans.ts";
import { PRESS_RELEASE_MAX_BYTES } from "../contracts/press-releases.ts";
import { ApiError } from "../errors.ts";
import { jobIdOf, jobIntake } from "../job-intake.ts";
import { displayName } from "../uploads/display-name.ts";
import { readUploadId, sendsUploadId } from "../uploads/json-body.ts";
import { takeUpload } from "../uploads/take.ts";
import { analysisUpload, readUpload } from "../uploads.ts";
import { insertWithinQuota, updateStatus } from "./store.ts";

export interface JobInput {
  readonly id: string;
  readonly r2Key: string;
  /** The origin the job was created under; see `objectProviders`. */
  readonly origin: string;
  /** Set for a resumable upload: the provider fetches it from a signed URL instead of a re-upload. */
  readonly byUrl?: { readonly contentType: string };
}

/**
 * `POST /api/press-releases`, answered by the job's own `PressReleaseJob` (see `job-intake.ts`):
 * a small file from a multipart form is stored in R2, a finished resumable upload (JSON
 * `{upload_id}`) becomes the job's recording, and the job starts before the 202.
 */
export function pressReleaseIntake(start: (input: JobInput) => Promise<void>) {
  return jobIntake("pressRelease", async (c) => {
    const id = jobIdOf(c);
    const origin = new URL(c.req.url).origin;
    if (sendsUploadId(c)) {
      const { upload_id } = await readUploadId(c);
      const { r2Key, contentType } = await takeUpload(c.env.DB, "press_releases", id, upload_id, c.var.user.id);
      await orMarkFailed(c, id, () => start({ id, r2Key, origin, byUrl: { contentType } }));
    } else {
      const r2Key = await storeRecording(c, id);
      await orMarkFailed(c, id, () => start({ id, r2Key, origin }));
    }
    c.header("location", `/api/press-releases/${id}`);
    return c.json({ id, status: "queued" as const }, 202);
  });
}

/**
 * The quota row first, then the file: an upload refused for the quota never reaches R2. Both are
 * short hops from the object, so doing them one after the other costs little.
 */
async function storeRecording(c: Context<AppEnv>, id: string): Promise<string> {
  const { file } = await readUpload(c, analysisUpload(PRESS_RELEASE_MAX_BYTES, "Choose an audio or video file first."));
  const r2Key = `press-releases/${id}`;
  const quota = storageQuotaBytes(planLimits(c.var.user.plan));
  const inserted = await insertWithinQuota(
    c.env.DB,
    {
      id,
      user_id: c.var.user.id,
      file_name: displayName(file.name),
      content_type: file.type,
      bytes: file.size,
      r2_key: r2Key,
    },
    quota,
  );
  if (!inserted) {
    throw new ApiError(
      402,
      "storage_quota_exceeded",
      `This upload would take you past your plan's ${formatBytes(quota ?? 0)} of press release storage. Delete old press releases or upgrade your plan.`,
    );
  }
  await orMarkFailed(c, id, () => c.env.AUDIO.put(r2Key, file, { httpMetadata: { contentType: file.type } }));
  return r2Key;
}

/** A job whose recording could not be stored, or that could not start, shows `error` in the list. */
async function orMarkFailed(c: Context<AppEnv>, id: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    await updateStatus(c.env.DB, id, { status: "error", error: "The upload could not be stored. Please try again." });
    throw error;
  }
}
