import type { Organisation } from "../organisation/contracts/organisation.ts";
import { KIT_COLUMNS, kitFromRow, type OrganisationRow } from "../organisation/store.ts";

/**
 * The press kit of the account a job belongs to, as it is when the release is written (a kit
 * filled in while the recording is transcribed still reaches the release). It names the jobs,
 * users and organisations tables in one query, so it sits above their stores.
 */
export async function organisationOfJob(db: D1Database, jobId: string): Promise<Organisation> {
  const row = await db
    .prepare(
      `SELECT ${KIT_COLUMNS} FROM jobs j JOIN users u ON u.id = j.user_id
       LEFT JOIN organisations o ON o.user_id = j.user_id WHERE j.id = ?`,
    )
    .bind(jobId)
    .first<OrganisationRow>();
  return kitFromRow(row);
}
