import {
  findRegeneration,
  type RegenerationRow,
  setRegenerationStatus,
  unfinishedRegenerations,
} from "../press-releases/regenerations.ts";
import type { JobParams } from "./pipeline.ts";
import { findJob, type JobRow, setJobStatus, unfinishedJobs } from "./store.ts";

/**
 * Starting, stopping and resuming jobs: the engine's instances, named by the job's id (a release
 * written again: by the regeneration's id).
 */

export async function startJob(env: Env, params: JobParams): Promise<void> {
  await env.JOB_WORKFLOWS.create({ id: params.regeneration?.id ?? params.id, params });
}

/** Stops a job's work; one already finished, or never started, has nothing to stop. */
export async function stopJob(env: Env, id: string): Promise<void> {
  const instance = await findInstance(env, id);
  if (instance && !ENDED.has((await instance.status()).status)) await instance.terminate();
}

const ENDED = new Set<InstanceStatus["status"]>(["complete", "errored", "terminated"]);

async function findInstance(env: Env, id: string): Promise<WorkflowInstance | null> {
  try {
    return await env.JOB_WORKFLOWS.get(id);
  } catch (error) {
    if (error instanceof Error && /not[._ ]?found/i.test(error.message)) return null;
    throw error;
  }
}

/** A job without an instance younger than this is left alone: its start may still be on its way. */
export const START_GRACE_MS = 60_000;
const SWEEP_BATCH = 100;

/**
 * Finds jobs that are neither finished nor moving on and puts each right: started when the process
 * died between writing the row and starting the job, woken when its instance was cut off mid-step
 * (the local engine does not wake itself after a restart; Cloudflare's does, and the wake is then
 * a no-op), and ended with a message when its instance ended without saying so.
 */
export async function resumeStalledJobs(env: Env): Promise<void> {
  for (const row of await unfinishedJobs(env.DB, SWEEP_BATCH)) {
    await resumeJob(env, row).catch((error: unknown) => console.error(`[jobs] resuming ${row.id} failed`, error));
  }
  for (const row of await unfinishedRegenerations(env.DB, SWEEP_BATCH)) {
    await resumeRegeneration(env, row).catch((error: unknown) =>
      console.error(`[jobs] resuming regeneration ${row.id} failed`, error),
    );
  }
}

/** As for a job, except that a regeneration whose instance never started is ended: it is quickly asked again. */
async function resumeRegeneration(env: Env, row: RegenerationRow): Promise<void> {
  const instance = await findInstance(env, row.id);
  if (instance && !ENDED.has((await instance.status()).status)) {
    await instance.sendEvent({ type: "wake", payload: null });
    return;
  }
  if (!instance && Date.now() - Date.parse(row.created_at) < START_GRACE_MS) return;
  const current = await findRegeneration(env.DB, row.id, row.job_id);
  if (current && (current.status === "queued" || current.status === "processing")) {
    await setRegenerationStatus(env.DB, row.id, {
      status: "error",
      error: "Writing the release again was interrupted. Please try again.",
    });
  }
}

async function resumeJob(env: Env, row: JobRow): Promise<void> {
  const instance = await findInstance(env, row.id);
  if (!instance) {
    if (Date.now() - Date.parse(row.created_at) < START_GRACE_MS) return;
    if (!row.origin || !row.r2_key) return endStalled(env, row.id);
    return startJob(env, {
      kind: row.kind,
      id: row.id,
      r2Key: row.r2_key,
      contentType: row.content_type,
      origin: row.origin,
      byUrl: true,
      startedAt: Date.parse(row.created_at),
      language: row.language,
      alsoInLanguage: row.also_in_language === 1,
    });
  }
  const { status } = await instance.status();
  if (ENDED.has(status)) {
    // The instance ended without writing its outcome; read the row again in case it just did.
    const current = await findJob(env.DB, row.id);
    if (current && (current.status === "queued" || current.status === "processing")) await endStalled(env, row.id);
    return;
  }
  await instance.sendEvent({ type: "wake", payload: null });
}

function endStalled(env: Env, id: string): Promise<void> {
  return setJobStatus(env.DB, id, {
    status: "error",
    error: "This job was interrupted and could not be resumed. Please start it again.",
  });
}
