import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import type { JobKind } from "./contracts/jobs.ts";
import { JOB_KIND_CONFIG } from "./kinds.ts";
import { findOwnJob, type JobRow } from "./store.ts";

/** The signed-in user's job of this kind named by the `:id` parameter; 404 for anyone else's. */
export async function findOwnJobOr404(c: Context<AppEnv>, kind: JobKind): Promise<JobRow> {
  const id = c.req.param("id") ?? "";
  const row = UUID.test(id) ? await findOwnJob(c.env.DB, kind, id, c.var.account.id) : null;
  if (!row) throw new ApiError(404, "not_found", JOB_KIND_CONFIG[kind].notFound);
  return row;
}

/** The user's press release once it is written; 409 `not_ready` before. */
export async function findOwnFinishedRelease(c: Context<AppEnv>): Promise<JobRow & { text: string }> {
  const row = await findOwnJobOr404(c, "press_release");
  if (row.status !== "completed" || row.text === null) {
    throw new ApiError(409, "not_ready", "This press release is not written yet; it can be edited once it is ready.");
  }
  return { ...row, text: row.text };
}
