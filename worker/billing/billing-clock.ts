import type { AppConfig } from "../core/config.ts";

/**
 * The time billing runs on. In production it is the real time; in the sandbox it can be moved
 * ahead (`POST /__sandbox/clock`) so a month of renewals can be tried in seconds. Only billing code
 * reads it: sessions, codes and rate limits keep the real time.
 */
export async function billingNow(db: D1Database, config: Pick<AppConfig, "sandbox">): Promise<Date> {
  const now = Date.now();
  if (!config.sandbox) return new Date(now);
  const row = await db
    .prepare("SELECT offset_ms FROM sandbox_billing_clock WHERE id = 1")
    .first<{ offset_ms: number }>();
  return new Date(now + (row?.offset_ms ?? 0));
}

/** Moves the sandbox's billing clock `days` further ahead; answers the total offset. */
export async function advanceBillingClock(db: D1Database, days: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO sandbox_billing_clock (id, offset_ms) VALUES (1, ?1)
       ON CONFLICT (id) DO UPDATE SET offset_ms = offset_ms + ?1 RETURNING offset_ms`,
    )
    .bind(days * 86_400_000)
    .first<{ offset_ms: number }>();
  return row?.offset_ms ?? 0;
}

export async function resetBillingClock(db: D1Database): Promise<void> {
  await db.prepare("DELETE FROM sandbox_billing_clock").run();
}
