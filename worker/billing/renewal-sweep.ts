import type { WorkflowStep, WorkflowStepConfig } from "cloudflare:workers";
import { z } from "zod";
import { loadConfig } from "../core/config.ts";
import { objectProviders } from "../core/object-providers.ts";
import { billingNow } from "./billing-clock.ts";
import {
  addTally,
  emptyTally,
  endLapsed,
  type PartResult,
  RENEWAL_PAGE,
  recoverPending,
  renewPage,
  type SweepContext,
  type SweepTally,
  sendSweepMail,
  VERIFY_PENDING_AFTER_MS,
} from "./renewals.ts";

/**
 * A renewal sweep as a Workflow (`worker/billing/renewal-workflow.ts`): ending what ran out, verifying the
 * charges left pending, then each page of due renewals, each page's e-mails after it, every one a
 * durable step. A sweep cut off mid-way resumes after its last finished step; the step it was in runs
 * again, which charges nobody twice (the claim) and mails nobody twice (the e-mails' keys). No single
 * invocation makes more than a page's charges and e-mails, however many renewals are due.
 */

const renewalSweepParams = z.object({
  /** The origin sandbox endpoints are built from, and the e-mails' links when SITE_URL is unset. */
  origin: z.string().nullable(),
  /** The billing clock when the sweep was started: every step of it runs on that time. */
  now: z.iso.datetime(),
  pageSize: z.number().int().min(1).max(RENEWAL_PAGE),
});
export type RenewalSweepParams = z.infer<typeof renewalSweepParams>;

export type SweepReport = SweepTally;

/** A step that fails (D1 or the mail provider unreachable) is tried again, 4 times over about a minute. */
const STEP: WorkflowStepConfig = {
  retries: { limit: 4, delay: "4 seconds", backoff: "exponential" },
  timeout: "10 minutes",
};

type Steps = Pick<WorkflowStep, "do">;

export async function runRenewalSweep(env: Env, payload: unknown, step: Steps): Promise<SweepReport> {
  const params = renewalSweepParams.parse(payload);
  const config = loadConfig(env);
  const ctx: SweepContext = {
    db: env.DB,
    provider: objectProviders(env, params.origin ?? "http://127.0.0.1"),
    mailFrom: config.mailFrom,
    issuer: config.invoiceIssuer,
    siteOrigin: config.siteUrl ?? params.origin,
    now: new Date(params.now),
    pageSize: params.pageSize,
  };
  const report = emptyTally();
  const mailStep = async (name: string, part: PartResult) => {
    if (part.mail.length === 0 && part.receipts.length === 0) return;
    try {
      addTally(report, await step.do(name, STEP, () => sendSweepMail(ctx, part)));
    } catch (error) {
      // The renewals are settled; e-mails that still fail must not stop the pages after them.
      console.error(`[billing] ${name} failed`, error);
    }
  };

  const lapsed = await step.do("end what ran out", STEP, () => endLapsed(ctx));
  addTally(report, lapsed.tally);
  await mailStep("end what ran out: e-mails", lapsed);

  // Claims are dated on the real clock, so their age is measured on it too.
  const claimedBefore = await step.do("pending since", async () =>
    new Date(Date.now() - VERIFY_PENDING_AFTER_MS).toISOString(),
  );
  const recovered = await step.do("verify pending charges", STEP, () => recoverPending(ctx, new Date(claimedBefore)));
  addTally(report, recovered.tally);
  await mailStep("verify pending charges: e-mails", recovered);

  let after = "";
  for (let page = 1; ; page++) {
    const result = await step.do(`page ${page}`, STEP, () => renewPage(ctx, after));
    addTally(report, result.tally);
    await mailStep(`page ${page}: e-mails`, result);
    if (result.next === null) return report;
    after = result.next;
  }
}

/** Starts a sweep on the billing clock; `origin` is the asking request's (the cron has none). */
export async function startRenewalSweep(
  env: Env,
  origin: string | null,
  pageSize: number = RENEWAL_PAGE,
): Promise<WorkflowInstance> {
  const params: RenewalSweepParams = {
    origin,
    now: (await billingNow(env.DB, loadConfig(env))).toISOString(),
    pageSize,
  };
  return env.RENEWAL_WORKFLOWS.create({ id: `renewals-${crypto.randomUUID()}`, params });
}
