import type { Organisation } from "../organisation/contracts/organisation.ts";
import { kitFromRow, kitRowOfOwner, type OrganisationRow } from "../organisation/store.ts";
import { JOB_OWNER } from "./store.ts";

/**
 * The press kit of the account a job belongs to, as it is when the release is written (a kit
 * filled in while the recording is transcribed still reaches the release): one query, the job's
 * owner read inside it.
 */
export async function organisationOfJob(db: D1Database, jobId: string): Promise<Organisation> {
  const row = await kitRowOfOwner(db, JOB_OWNER).bind(jobId).first<OrganisationRow>();
  return kitFromRow(row);
}
