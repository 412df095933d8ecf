import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { COVERAGE_PER_RELEASE, type CoverageItem } from "./contracts/coverage.ts";

/** The `release_coverage` table: where each press release was covered. */

const COLUMNS = "id, url, outlet, published_at, created_at";

/** The release's coverage, newest day first. */
export async function coverageOf(db: D1Database, jobId: string): Promise<CoverageItem[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM release_coverage WHERE job_id = ? ORDER BY published_at DESC, created_at DESC`)
    .bind(jobId)
    .all<CoverageItem>();
  return results;
}

/** Every item the account logged, a page at a time, for its data download. */
export function coverageOfUser(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<CoverageItem & { job_id: string }> {
  return pagedStatement(
    db,
    `SELECT job_id, ${COLUMNS} FROM release_coverage WHERE user_id = ? ORDER BY created_at, id`,
    [userId],
    page,
  );
}

type LoggedCoverage = { readonly logged: CoverageItem } | { readonly refused: "full" | "duplicate" };

/**
 * Logs one item, in one statement that also holds the release to `COVERAGE_PER_RELEASE` items and
 * each address to once, so two presses at once cannot pass either.
 */
export async function logCoverage(
  db: D1Database,
  jobId: string,
  userId: string,
  item: Pick<CoverageItem, "url" | "outlet" | "published_at">,
  now: string,
): Promise<LoggedCoverage> {
  const id = crypto.randomUUID();
  const logged = await db
    .prepare(
      `INSERT INTO release_coverage (id, job_id, user_id, url, outlet, published_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE (SELECT COUNT(*) FROM release_coverage WHERE job_id = ?2) < ?8
       ON CONFLICT (job_id, url) DO NOTHING
       RETURNING ${COLUMNS}`,
    )
    .bind(id, jobId, userId, item.url, item.outlet, item.published_at, now, COVERAGE_PER_RELEASE)
    .first<CoverageItem>();
  if (logged) return { logged };
  const known = await db
    .prepare("SELECT 1 AS known FROM release_coverage WHERE job_id = ? AND url = ?")
    .bind(jobId, item.url)
    .first<{ known: number }>();
  return { refused: known ? "duplicate" : "full" };
}

/** Removes one item of the release; false when the release has no such item. */
export async function removeCoverage(db: D1Database, jobId: string, id: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM release_coverage WHERE job_id = ? AND id = ?").bind(jobId, id).run();
  return result.meta.changes > 0;
}
