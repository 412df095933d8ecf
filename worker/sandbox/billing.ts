import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { advanceBillingClock, resetBillingClock } from "../billing/billing-clock.ts";
import { renewalOrdersByStatus } from "../billing/orders.ts";
import { type SweepReport, startRenewalSweep } from "../billing/renewal-sweep.ts";
import { RENEWAL_PAGE } from "../billing/renewals.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { receiptsMailed } from "./mail.ts";

/**
 * Test controls for recurring billing: move the billing clock ahead, and run the renewal sweep now
 * rather than on the cron.
 */
export const sandboxBilling = new Hono<AppEnv>();

const clockBody = z.strictObject({
  advance_days: z
    .number({ error: "advance_days must be a number of days" })
    .int("advance_days must be a whole number of days")
    .min(1, "advance_days must be at least 1")
    .max(3660, "advance_days must be at most 3660"),
});

sandboxBilling.post("/clock", jsonBodyLimit, jsonBody(clockBody), async (c) => {
  const offsetMs = await advanceBillingClock(c.env.DB, c.req.valid("json").advance_days);
  return c.json({ offset_days: offsetMs / 86_400_000 });
});

sandboxBilling.delete("/clock", async (c) => {
  await resetBillingClock(c.env.DB);
  return c.json({ offset_days: 0 });
});

const sweepBody = z.strictObject({
  page_size: z
    .number({ error: "page_size must be a number of renewals" })
    .int("page_size must be a whole number")
    .min(1, "page_size must be at least 1")
    .max(RENEWAL_PAGE, `page_size must be at most ${RENEWAL_PAGE}`)
    .optional(),
});

/** A sweep of 10,000 renewals takes minutes; the bench waits for it, so this route does too. */
const SWEEP_WAIT_MS = 20 * 60_000;

/** Waits for a sweep's Workflow to end; answers its report. */
async function finished(instance: WorkflowInstance): Promise<SweepReport> {
  const deadline = Date.now() + SWEEP_WAIT_MS;
  for (let pause = 20; Date.now() < deadline; pause = Math.min(pause * 2, 500)) {
    const { status, output, error } = await instance.status();
    if (status === "complete") return output as SweepReport;
    if (status === "errored" || status === "terminated") {
      throw new Error(`renewal sweep ${instance.id} ${status}: ${error?.message ?? "no message"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  throw new Error(`renewal sweep ${instance.id} still running after ${SWEEP_WAIT_MS} ms`);
}

/**
 * Starts a renewal sweep now, as the cron does, and answers what it did once it has finished:
 * every page charged, settled and its e-mails sent. `{"page_size": n}` makes its pages smaller.
 */
sandboxBilling.post("/cron/renewals", jsonBodyLimit, async (c) => {
  const text = await c.req.text();
  let json: unknown = {};
  try {
    if (text.trim() !== "") json = JSON.parse(text);
  } catch {
    throw new ApiError(400, "validation_failed", "The body must be JSON");
  }
  const body = sweepBody.safeParse(json);
  if (!body.success) throw new ApiError(400, "validation_failed", body.error.issues[0]?.message ?? "Invalid body");
  const instance = await startRenewalSweep(c.env, new URL(c.req.url).origin, body.data.page_size);
  return c.json(await finished(instance));
});

/** Renewal orders by status, and the receipts the sandbox outbox holds: what a bench waits for. */
sandboxBilling.get("/renewals", async (c) => {
  const [orders, receipts] = await c.env.DB.batch<{ status: string; count: number }>([
    renewalOrdersByStatus(c.env.DB),
    receiptsMailed(c.env.DB),
  ]);
  const count = (status: string) => orders?.results.find((row) => row.status === status)?.count ?? 0;
  return c.json({
    pending: count("pending"),
    paid: count("paid"),
    failed: count("failed"),
    receipts_mailed: receipts?.results[0]?.count ?? 0,
  });
});
