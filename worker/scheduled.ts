import { resumeStalledJobs } from "./jobs/lifecycle.ts";
import { renewDue } from "./payments/renew-due.ts";
import { sweepExpiredUploads } from "./uploads/expiry.ts";

/**
 * What the Worker does on its schedule (`[triggers] crons`), and locally when the sandbox is asked
 * to; `origin` is the asking request's.
 */
export async function scheduledWork(env: Env, origin: string | null = null): Promise<void> {
  await Promise.all([
    sweepExpiredUploads(env),
    resumeStalledJobs(env),
    renewDue(env, origin).catch((error: unknown) => console.error("[billing] renewal sweep failed", error)),
  ]);
}
