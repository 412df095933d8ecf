import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { planLimits, storageQuotaBytes } from "../contracts/plans.ts";
import { ApiError } from "../errors.ts";
import { handToJob } from "../job-intake.ts";
import { deleteProviderTranscripts } from "../press-releases/provider-transcripts.ts";
import {
  deletePressRelease,
  findOwnPressRelease,
  listPressReleases,
  publicPressRelease,
} from "../press-releases/store.ts";
import { deleteMedia } from "../uploads/media-url.ts";

/**
 * Press release jobs: a `PressReleaseJob` Durable Object stores the upload in R2, transcribes it and
 * writes the release; the site polls the job here.
 */
export const pressReleases = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new ApiError(404, "not_found", "That press release does not exist or is not yours.");

/** Started by the job's own object, which checks, stores and starts before the 202 (`job-intake.ts`). */
pressReleases.post("/", (c) => handToJob(c, c.env.PRESS_RELEASE_JOBS));

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
