import { resumeStalledJobs } from "./jobs/lifecycle.ts";
import { sweepExpiredUploads } from "./uploads/expiry.ts";

/** What the Worker does on its schedule (`[triggers] crons`), and locally when the sandbox is asked to. */
export async function scheduledWork(env: Env): Promise<void> {
  await Promise.all([sweepExpiredUploads(env), resumeStalledJobs(env)]);
}
