import { loadConfig } from "../config.ts";
import { objectProviders } from "../object-providers.ts";
import { billingNow } from "./billing-clock.ts";
import { type SweepReport, sweepRenewals } from "./renewals.ts";

/**
 * One renewal sweep on the billing clock. `origin` is the public origin when a request asked for
 * the sweep; the cron has none, and then the e-mails link to SITE_URL when it is set. Only sandbox
 * endpoints are built from the origin, and the sandbox answers on loopback alone.
 */
export async function renewDue(env: Env, origin: string | null): Promise<SweepReport> {
  const config = loadConfig(env);
  return sweepRenewals({
    db: env.DB,
    provider: objectProviders(env, origin ?? "http://127.0.0.1"),
    mailFrom: config.mailFrom,
    siteOrigin: config.siteUrl ?? origin,
    now: await billingNow(env.DB, config),
  });
}
