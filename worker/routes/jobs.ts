import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import type { JobKind } from "../contracts/jobs.ts";
import { planLimits, storageQuotaBytes } from "../contracts/plans.ts";
import { deleteJobEverywhere } from "../jobs/delete-job.ts";
import { handToJob } from "../jobs/intake.ts";
import { JOB_KIND_CONFIG } from "../jobs/kinds.ts";
import { findOwnJobOr404 } from "../jobs/own-job.ts";
import { listJobs } from "../jobs/store.ts";
import { JOB_VIEWS } from "../jobs/views.ts";
import { sendsUploadId } from "../uploads/json-body.ts";

/**
 * A job kind's routes: start (handed to the job's intake, which answers 202), list with storage
 * used, poll one, delete. Mounted once per kind; what differs is configured in `jobs/kinds.ts` and
 * `jobs/views.ts`. A POST the kind does not take as a job (a small file for the sentiment report,
 * analysed on the spot) falls through to the routes mounted after these.
 */
export function jobRoutes(kind: JobKind): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const config = JOB_KIND_CONFIG[kind];
  const view = JOB_VIEWS[kind];

  const ownJob = (c: Context<AppEnv>) => findOwnJobOr404(c, kind);

  routes.post("/", (c, next) => (config.file || sendsUploadId(c) ? handToJob(c, kind) : next()));

  routes.get("/", requireUser, async (c) => {
    const quota = storageQuotaBytes(planLimits(c.var.user.plan));
    const { rows, usedBytes } = await listJobs(c.env.DB, kind, c.var.user.id);
    return c.json({ items: rows.map(view.item), storage: { used_bytes: usedBytes, quota_bytes: quota } });
  });

  routes.get("/:id", requireUser, async (c) => {
    const row = await ownJob(c);
    c.header("cache-control", "no-store");
    return c.json(await view.detail(c.env, row));
  });

  routes.delete("/:id", requireUser, async (c) => {
    await deleteJobEverywhere(c, await ownJob(c));
    return c.json({ message: config.deleted });
  });

  return routes;
}
