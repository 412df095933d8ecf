import { deleteExpiredDevices } from "./devices.ts";
import { deleteExpiredSessions } from "./sessions.ts";

/** Rows of each table deleted in one run; more wait for the next (every 30 minutes). */
const PER_RUN = 1000;

/**
 * Sessions and known browsers that have ended, deleted on the schedule: each account keeps at
 * most its newest 50 of each, but an ended one said only when someone last signed in.
 */
export async function sweepEndedSignIns(db: D1Database, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.batch([deleteExpiredSessions(db, at, PER_RUN), deleteExpiredDevices(db, at, PER_RUN)]);
}
