import { type SessionKey, sessionAccountId } from "../accounts/sessions.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import type { RowsStatement } from "../core/d1.ts";

/** Live transcription metering and the plan quota (hours per calendar month). */

export function monthOf(date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** The plan's monthly allowance in seconds; null means unlimited. */
export function quotaSeconds(plan: string | null): number | null {
  const hours = planLimits(plan).liveTranscriptionHours;
  return hours === null ? null : hours * 3600;
}

export function usedSecondsOf(db: D1Database, userId: string, month = monthOf()): D1PreparedStatement {
  return db.prepare("SELECT seconds FROM live_usage WHERE user_id = ? AND month = ?").bind(userId, month);
}

export async function usedSeconds(db: D1Database, userId: string, month = monthOf()): Promise<number> {
  const row = await usedSecondsOf(db, userId, month).first<{ seconds: number }>();
  return row?.seconds ?? 0;
}

/** Adds processed audio to the user's month; a statement, so the relay batches it with the session's row. */
export function addSeconds(db: D1Database, userId: string, seconds: number, month = monthOf()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO live_usage (user_id, month, seconds) VALUES (?, ?, ?)
       ON CONFLICT (user_id, month) DO UPDATE SET seconds = seconds + excluded.seconds`,
    )
    .bind(userId, month, Math.max(0, seconds));
}

/** This month's seconds of the signed-in user, as a statement for the gate's batch. */
export function sessionUsage(db: D1Database, key: SessionKey, month = monthOf()): D1PreparedStatement {
  return usageOfOwner(db, sessionAccountId(key)).bind(key.tokenHash, key.now, month);
}

/** The month's seconds (bound as `?3`) of the user the SQL expression `owner` gives, unbound. */
export function usageOfOwner(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare(`SELECT seconds FROM live_usage WHERE user_id = ${owner} AND month = ?3`);
}

/** Seconds left this month after `used`, or null when the plan is unlimited. */
export function secondsLeft(plan: string | null, used: number): number | null {
  const quota = quotaSeconds(plan);
  return quota === null ? null : Math.max(0, quota - used);
}

/** Seconds of live transcription in each month the account used it, for the account's data export. */
export function monthlyUsageOf(db: D1Database, userId: string): RowsStatement<{ month: string; seconds: number }> {
  return db.prepare("SELECT month, seconds FROM live_usage WHERE user_id = ? ORDER BY month").bind(userId);
}
