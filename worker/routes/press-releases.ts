import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { requireTool } from "../auth/tool-gate.ts";
import { formatBytes } from "../contracts/media.ts";
import { planLimits, storageQuotaBytes } from "../contracts/plans.ts";
import { PRESS_RELEASE_MAX_BYTES } from "../contracts/press-releases.ts";
import { ApiError } from "../errors.ts";
import { deleteProviderTranscripts } from "../press-releases/provider-transcripts.ts";
import {
  deletePressRelease,
  findOwnPressRelease,
  insertWithinQuota,
  listPressReleases,
  publicPressRelease,
  updateStatus,
} from "../press-releases/store.ts";
import { displayName } from "../uploads/display-name.ts";
import { sendsUploadId } from "../uploads/json-body.ts";
import { deleteMedia } from "../uploads/media-url.ts";
import { startFromUpload } from "../uploads/press-release-from-upload.ts";
import { analysisUpload, readUpload } from "../uploads.ts";

/**
 * Press release jobs: the upload is stored in R2 and handed to a `PressReleaseJob` Durable Object,
 * which transcribes it and writes the release; the site polls the job here.
 */
export const pressReleases = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new ApiError(404, "not_found", "That press release does not exist or is not yours.");

/**
 * The quota check and the upload to R2 run side by side (an upload refused for the quota is removed
 * again), and the job starts after the answer: the 202 waits for the session check and for the
 * upload to be stored, nothing else. A job that cannot start shows `error` in the list.
 */
pressReleases.post("/", requireTool("pressRelease"), async (c) => {
  if (sendsUploadId(c)) return startFromUpload(c);
  const { file } = await readUpload(c, analysisUpload(PRESS_RELEASE_MAX_BYTES, "Choose an audio or video file first."));
  const id = crypto.randomUUID();
  const r2Key = `press-releases/${id}`;
  const quota = storageQuotaBytes(planLimits(c.var.user.plan));
  const [inserted, stored] = await Promise.allSettled([
    insertWithinQuota(
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
    ),
    c.env.AUDIO.put(r2Key, file, { httpMetadata: { contentType: file.type } }),
  ]);
  if (inserted.status === "rejected" || !inserted.value) {
    if (stored.status === "fulfilled") c.executionCtx.waitUntil(c.env.AUDIO.delete(r2Key));
    if (inserted.status === "rejected") throw inserted.reason;
    throw new ApiError(
      402,
      "storage_quota_exceeded",
      `This upload would take you past your plan's ${formatBytes(quota ?? 0)} of press release storage. Delete old press releases or upgrade your plan.`,
    );
  }
  const markFailed = () =>
    updateStatus(c.env.DB, id, { status: "error", error: "The upload could not be stored. Please try again." });
  if (stored.status === "rejected") {
    await markFailed();
    throw stored.reason;
  }
  c.executionCtx.waitUntil(
    c.env.PRESS_RELEASE_JOBS.getByName(id)
      .start({ id, r2Key, origin: new URL(c.req.url).origin })
      .catch(async (error: unknown) => {
        console.error("[press-releases] the job did not start", error);
        await markFailed();
      }),
  );
  c.header("location", `/api/press-releases/${id}`);
  return c.json({ id, status: "queued" as const }, 202);
});

pressReleases.get("/", requireUser, async (c) => {
  const quota = storageQuotaBytes(planLimits(c.var.user.plan));
  return c.json(await listPressReleases(c.env.DB, c.var.user.id, quota));
});

pressReleases.get("/:id", requireUser, async (c) => {
  const id = c.req.param("id");
  const row = UUID.test(id) ? await findOwnPressRelease(c.env.DB, id, c.var.user.id) : null;
  if (!row) throw notFound();
  c.header("cache-control", "no-store");
  return c.json(publicPressRelease(row));
});

pressReleases.delete("/:id", requireUser, async (c) => {
  const id = c.req.param("id");
  const row = UUID.test(id) ? await findOwnPressRelease(c.env.DB, id, c.var.user.id) : null;
  if (!row) throw notFound();
  const fromJob = await c.env.PRESS_RELEASE_JOBS.getByName(id).cancel();
  await deleteProviderTranscripts(
    c,
    new Set([fromJob, row.transcript_id].filter((transcript): transcript is string => Boolean(transcript))),
  );
  await deleteMedia(c.env, row.r2_key);
  await deletePressRelease(c.env.DB, id);
  return c.json({ message: "Press release deleted" });
});
