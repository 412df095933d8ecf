import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { type JobRow, setReleaseText } from "../jobs/store.ts";
import { RELEASE_VERSIONS_KEPT } from "./contracts/press-releases.ts";
import { keptHeadlines } from "./release-headlines.ts";

/**
 * The texts a press release has had (`press_release_versions`), each with the alternative
 * headlines it had and its number. The generated text becomes version 1 when the release is first
 * changed; until then it is the only one. Version 1 and the newest `RELEASE_VERSIONS_KEPT` are kept.
 */

export interface ReleaseVersion {
  readonly number: number;
  readonly text: string;
  readonly headlines: string[];
  readonly created_at: string;
}

/**
 * Makes `text` the release's text, with `headlines` as its alternatives (by default the ones it
 * has) and `translatedText` as its copy in the recording's language (by default the one it has),
 * and keeps text and headlines as a new version, deleting the oldest version past the kept ones, in
 * one batch. Saving the text the release already has changes nothing, so a retried autosave (or a
 * retried regeneration) adds no version.
 */
export async function saveReleaseText(
  db: D1Database,
  release: JobRow,
  text: string,
  now: string,
  headlines: readonly string[] = keptHeadlines(release.headlines),
  translatedText: string | null = release.translated_text,
): Promise<boolean> {
  if (text === release.text && translatedText === release.translated_text) return false;
  const kept = JSON.stringify(headlines);
  await db.batch([
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number)
         SELECT ?1, id, user_id, text, headlines, updated_at, 1 FROM jobs
         WHERE id = ?2 AND text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM press_release_versions WHERE job_id = ?2)`,
      )
      .bind(crypto.randomUUID(), release.id),
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number)
         SELECT ?1, id, user_id, ?2, ?3, ?4,
                (SELECT COALESCE(MAX(number), 0) + 1 FROM press_release_versions WHERE job_id = ?5)
         FROM jobs WHERE id = ?5`,
      )
      .bind(crypto.randomUUID(), text, kept, now, release.id),
    db
      .prepare(
        `DELETE FROM press_release_versions
         WHERE job_id = ?1 AND number > 1
           AND number <= (SELECT MAX(number) FROM press_release_versions WHERE job_id = ?1) - ?2`,
      )
      .bind(release.id, RELEASE_VERSIONS_KEPT),
    setReleaseText(db, release.id, { text, headlines: kept, translatedText, now }),
  ]);
  return true;
}

/**
 * A page of at most `limit` versions numbered below `before` (all, without it), newest first, and
 * the `before` of the next page; a release never changed has its generated text as its one version.
 */
export async function releaseVersions(
  db: D1Database,
  release: JobRow & { text: string },
  { limit, before }: { limit: number; before?: number | undefined },
): Promise<{ items: ReleaseVersion[]; next_before: number | null }> {
  // One row more than the page tells whether an older version follows it.
  const { results: rows } = await db
    .prepare(
      `SELECT number, text, headlines, created_at FROM press_release_versions
       WHERE job_id = ? AND number < ? ORDER BY number DESC LIMIT ?`,
    )
    .bind(release.id, before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<{ number: number; text: string; headlines: string | null; created_at: string }>();
  const texts =
    rows.length === 0 && before === undefined
      ? [{ number: 1, text: release.text, headlines: release.headlines, created_at: release.updated_at }]
      : rows;
  const page = texts.slice(0, limit);
  return {
    items: page.map((row) => ({
      number: row.number,
      text: row.text,
      headlines: keptHeadlines(row.headlines),
      created_at: row.created_at,
    })),
    next_before: texts.length > limit ? (page.at(-1)?.number ?? null) : null,
  };
}

/** A page of a release's kept versions, oldest first, for the account's data export. */
export function releaseVersionsOf(
  db: D1Database,
  jobId: string,
  page: Page,
): RowsStatement<{ text: string; created_at: string }> {
  return pagedStatement(
    db,
    "SELECT text, created_at FROM press_release_versions WHERE job_id = ? ORDER BY created_at, rowid",
    [jobId],
    page,
  );
}
