import { deleteAuditBefore } from "./audit.ts";
import { AUDIT_RETENTION_DAYS } from "./contracts/workspaces.ts";
import { deleteExpiredInvitations } from "./store.ts";

/** Rows of each table deleted in one run; more wait for the next (every 30 minutes). */
const PER_RUN = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** On the schedule: invitations past their expiry, and audit entries older than AUDIT_RETENTION_DAYS. */
export async function sweepWorkspaces(db: D1Database, now = Date.now()): Promise<void> {
  await db.batch([
    deleteExpiredInvitations(db, new Date(now).toISOString(), PER_RUN),
    deleteAuditBefore(db, new Date(now - AUDIT_RETENTION_DAYS * DAY_MS).toISOString(), PER_RUN),
  ]);
}
