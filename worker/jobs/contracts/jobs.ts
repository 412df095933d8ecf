/**
 * Background jobs (press releases, sentiment reports) as both sides see them. No zod here: pages
 * poll with these before any schema has loaded (site/src/api/client.ts).
 */

export const JOB_STATUSES = ["queued", "processing", "completed", "error"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How often a job polls its transcription, and a page polls an unfinished job. */
export const JOB_POLL_MS = 3000;

export function isFinished(status: JobStatus): boolean {
  return status === "completed" || status === "error";
}

/** The kinds of multi-step job; each is configured in `worker/jobs/kinds.ts`, not copied. */
export const JOB_KINDS = ["press_release", "sentiment"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
