import type { Language } from "../contracts/languages.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { type JobRow, setReleaseText, setTranslatedText } from "../jobs/store.ts";
import { RELEASE_VERSIONS_KEPT } from "./contracts/press-releases.ts";
import { keptHeadlines } from "./release-headlines.ts";

/**
 * The texts a press release has had (`press_release_versions`), each with the alternative
 * headlines it had and its number. The generated text becomes version 1 when the release is first
 * changed; until then it is the only one. Version 1 and the newest `RELEASE_VERSIONS_KEPT` are kept.
 * The copy in the recording's language has versions of its own by the same rules, told apart by
 * their `language` ('en' for the English release).
 */

/** Which of a release's texts: the English release, or its copy in the recording's language. */
type ReleaseCopy = "en" | Language;

interface ReleaseVersion {
  readonly number: number;
  readonly text: string;
  readonly headlines: string[];
  readonly created_at: string;
}

/** What a save changes besides the text, and what records it. */
interface SaveOptions {
  /** The alternative headlines; by default the ones the release has. */
  readonly headlines?: readonly string[] | undefined;
  /** The copy in the recording's language; by default the one the release has. */
  readonly translatedText?: string | null;
  /** Statements that record the save (its audit entry), run only if it is saved, in its batch. */
  readonly recorded?: readonly D1PreparedStatement[];
}

/**
 * Makes `text` the release's text, with the alternative headlines and the copy in the recording's
 * language `options` gives, and keeps text and headlines as a new version, deleting the oldest
 * version past the kept ones, in one batch. Saving the text the release already has changes
 * nothing, so a retried autosave (or a retried regeneration) adds no version.
 */
export async function saveReleaseText(
  db: D1Database,
  release: JobRow,
  text: string,
  now: string,
  options: SaveOptions = {},
): Promise<boolean> {
  const headlines = options.headlines ?? keptHeadlines(release.headlines);
  const translatedText = options.translatedText === undefined ? release.translated_text : options.translatedText;
  if (text === release.text && translatedText === release.translated_text) return false;
  const kept = JSON.stringify(headlines);
  await db.batch([
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number)
         SELECT ?1, id, user_id, text, headlines, updated_at, 1 FROM jobs
         WHERE id = ?2 AND text IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM press_release_versions WHERE job_id = ?2 AND language = 'en')`,
      )
      .bind(crypto.randomUUID(), release.id),
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number)
         SELECT ?1, id, user_id, ?2, ?3, ?4,
                (SELECT COALESCE(MAX(number), 0) + 1 FROM press_release_versions WHERE job_id = ?5 AND language = 'en')
         FROM jobs WHERE id = ?5`,
      )
      .bind(crypto.randomUUID(), text, kept, now, release.id),
    dropOldestVersions(db, release.id, "en"),
    // A regeneration writes a new copy in the recording's language: the one it replaces stays restorable.
    ...(translatedText !== null && translatedText !== release.translated_text
      ? translatedVersion(db, release, translatedText, now)
      : []),
    setReleaseText(db, release.id, { text, headlines: kept, translatedText, now }),
    ...(options.recorded ?? []),
  ]);
  return true;
}

/** Deletes the oldest versions of one copy past version 1 and the newest `RELEASE_VERSIONS_KEPT`. */
function dropOldestVersions(db: D1Database, jobId: string, copy: ReleaseCopy): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM press_release_versions
       WHERE job_id = ?1 AND language = ?3 AND number > 1
         AND number <= (SELECT MAX(number) FROM press_release_versions WHERE job_id = ?1 AND language = ?3) - ?2`,
    )
    .bind(jobId, RELEASE_VERSIONS_KEPT, copy);
}

/**
 * The statements that keep `text` as a new version of the release's copy in the recording's
 * language, its written text becoming version 1 the first time; batched before the text is set.
 */
function translatedVersion(db: D1Database, release: JobRow, text: string, now: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number, language)
         SELECT ?1, id, user_id, translated_text, '[]', updated_at, 1, ?3 FROM jobs
         WHERE id = ?2 AND translated_text IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM press_release_versions WHERE job_id = ?2 AND language = ?3)`,
      )
      .bind(crypto.randomUUID(), release.id, release.language),
    db
      .prepare(
        `INSERT INTO press_release_versions (id, job_id, user_id, text, headlines, created_at, number, language)
         SELECT ?1, id, user_id, ?2, '[]', ?3, (SELECT COALESCE(MAX(number), 0) + 1 FROM press_release_versions
                                               WHERE job_id = ?4 AND language = ?5), ?5
         FROM jobs WHERE id = ?4`,
      )
      .bind(crypto.randomUUID(), text, now, release.id, release.language),
    dropOldestVersions(db, release.id, release.language),
  ];
}

/**
 * Makes `text` the release's copy in the recording's language and keeps it as a new version of
 * that copy (its written text becoming version 1 the first time), by the English text's rules:
 * saving the text it already has adds nothing, and the oldest past the kept ones goes in the same
 * batch, with the statements that record it (`recorded`). The English text and its versions are
 * left as they are.
 */
export async function saveTranslatedText(
  db: D1Database,
  release: JobRow & { translated_text: string },
  text: string,
  now: string,
  recorded: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  if (text === release.translated_text) return false;
  await db.batch([...translatedVersion(db, release, text, now), setTranslatedText(db, release.id, text), ...recorded]);
  return true;
}

/**
 * A page of at most `limit` versions numbered below `before` (all, without it), newest first, and
 * the `before` of the next page; a release never changed has its generated text as its one version.
 */
export function releaseVersions(
  db: D1Database,
  release: JobRow & { text: string },
  query: { limit: number; before?: number | undefined },
): Promise<{ items: ReleaseVersion[]; next_before: number | null }> {
  return versionsPage(db, release, "en", { text: release.text, headlines: release.headlines }, query);
}

/** The same page for the copy in the recording's language; never edited, its written text is its one version. */
export function translatedVersions(
  db: D1Database,
  release: JobRow & { translated_text: string },
  query: { limit: number; before?: number | undefined },
): Promise<{ items: ReleaseVersion[]; next_before: number | null }> {
  return versionsPage(db, release, release.language, { text: release.translated_text, headlines: null }, query);
}

async function versionsPage(
  db: D1Database,
  release: JobRow,
  copy: ReleaseCopy,
  current: { text: string; headlines: string | null },
  { limit, before }: { limit: number; before?: number | undefined },
): Promise<{ items: ReleaseVersion[]; next_before: number | null }> {
  // One row more than the page tells whether an older version follows it.
  const { results: rows } = await db
    .prepare(
      `SELECT number, text, headlines, created_at FROM press_release_versions
       WHERE job_id = ? AND language = ? AND number < ? ORDER BY number DESC LIMIT ?`,
    )
    .bind(release.id, copy, before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<{ number: number; text: string; headlines: string | null; created_at: string }>();
  const texts =
    rows.length === 0 && before === undefined ? [{ number: 1, ...current, created_at: release.updated_at }] : rows;
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

/** A page of the kept versions of one of a release's copies, oldest first, for the account's data export. */
export function releaseVersionsOf(
  db: D1Database,
  jobId: string,
  page: Page,
  copy: ReleaseCopy = "en",
): RowsStatement<{ text: string; created_at: string }> {
  return pagedStatement(
    db,
    "SELECT text, created_at FROM press_release_versions WHERE job_id = ? AND language = ? ORDER BY created_at, rowid",
    [jobId, copy],
    page,
  );
}
