import type { RowsStatement } from "../d1.ts";
import { keptHeadlines } from "./release-headlines.ts";
import type { JobRow } from "./store.ts";

/**
 * The texts a press release has had (`press_release_versions`), each with the alternative
 * headlines it had. The generated text becomes the first version when the release is first
 * changed; until then it is the only one.
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
 * and keeps text and headlines as a new version, in one batch. Saving the text the release already has
 * changes nothing, so a retried autosave (or a retried regeneration) adds no version.
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
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at)
         SELECT ?1, id, user_id, text, headlines, updated_at FROM jobs
         WHERE id = ?2 AND text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM press_release_versions WHERE job_id = ?2)`,
      )
      .bind(crypto.randomUUID(), release.id),
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at)
         SELECT ?, id, user_id, ?, ?, ? FROM jobs WHERE id = ?`,
      )
      .bind(crypto.randomUUID(), text, kept, now, release.id),
    db
      .prepare("UPDATE jobs SET text = ?, headlines = ?, translated_text = ?, updated_at = ? WHERE id = ?")
      .bind(text, kept, translatedText, now, release.id),
  ]);
  return true;
}

/** Newest first; a release never changed has its generated text as its one version. */
export async function releaseVersions(db: D1Database, release: JobRow): Promise<ReleaseVersion[]> {
  const { results: rows } = await db
    .prepare(
      "SELECT text, headlines, created_at FROM press_release_versions WHERE job_id = ? ORDER BY created_at, rowid",
    )
    .bind(release.id)
    .all<{ text: string; headlines: string | null; created_at: string }>();
  const texts = rows.length
    ? rows
    : release.text
      ? [{ text: release.text, headlines: release.headlines, created_at: release.updated_at }]
      : [];
  return texts
    .map((row, index) => ({
      number: index + 1,
      text: row.text,
      headlines: keptHeadlines(row.headlines),
      created_at: row.created_at,
    }))
    .reverse();
}

/** Every saved version of every release of a user, oldest first, for the account's data export. */
export function releaseVersionsOf(
  db: D1Database,
  userId: string,
): RowsStatement<{ job_id: string; text: string; created_at: string }> {
  return db
    .prepare("SELECT job_id, text, created_at FROM press_release_versions WHERE user_id = ? ORDER BY created_at, rowid")
    .bind(userId);
}
