import { deleteExpiredDownloadGrants } from "./accounts/export/download-grants.ts";
import { sweepEndedSignIns } from "./accounts/sign-in-expiry.ts";
import { mailUnsentReceipts } from "./billing/receipt-retry.ts";
import { startRenewalSweep } from "./billing/renewal-sweep.ts";
import { loadConfig } from "./core/config.ts";
import { sweepOrphanObjects } from "./core/orphan-sweep.ts";
import { resumeStalledSends } from "./distribution/send-release.ts";
import { resumeStalledJobs } from "./jobs/lifecycle.ts";
import { publishDueReleases } from "./newsroom/publish.ts";
import { sweepExpiredUploads } from "./recordings/uploads/expiry.ts";
import { sweepWorkspaces } from "./workspaces/sweep.ts";

/**
 * What the Worker does on its schedule (`[triggers] crons`), and locally when the sandbox is asked
 * to; `origin` is the asking request's. The renewal sweep runs as a Workflow of its own, so however
 * many renewals are due, this invocation only starts it.
 */
export async function scheduledWork(env: Env, origin: string | null = null): Promise<void> {
  await Promise.all([
    sweepExpiredUploads(env),
    sweepOrphanObjects(env),
    deleteExpiredDownloadGrants(env.DB, new Date().toISOString()),
    sweepEndedSignIns(env.DB),
    sweepWorkspaces(env.DB),
    resumeStalledJobs(env),
    resumeStalledSends(env).catch((error: unknown) => console.error("[send] stalled sends not resumed", error)),
    startRenewalSweep(env, origin).catch((error: unknown) =>
      console.error("[billing] renewal sweep not started", error),
    ),
    // Embargoes due by the billing clock: the sandbox moves it, which no sleeping Workflow sees.
    publishDueReleases(env, loadConfig(env)).catch((error: unknown) =>
      console.error("[newsroom] due releases not published", error),
    ),
    mailUnsentReceipts(env, origin).catch((error: unknown) =>
      console.error("[billing] unsent receipts not sent again", error),
    ),
  ]);
}
