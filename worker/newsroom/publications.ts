import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";

/**
 * The `newsroom_releases` table: each release an account put on its newsroom, under the address
 * `slug` (unique within the account). A row is public once `published_at` is set and its
 * `publish_at` has come; every public read checks both against the billing clock, so an embargo
 * holds even if whatever lifts it ran early or twice.
 */

export interface PublicationRow {
  readonly job_id: string;
  readonly user_id: string;
  readonly slug: string;
  readonly publish_at: string;
  readonly published_at: string | null;
  readonly created_at: string;
}

/** A public release with the text its page shows. */
export interface PublicReleaseRow {
  readonly job_id: string;
  readonly slug: string;
  readonly publish_at: string;
  readonly text: string;
  /** 1 while the job keeps its recording (its owner may delete it), which an audio clip needs. */
  readonly recording_kept: number;
}

/** A row whose release went public: the newsroom it is on must be purged. */
interface PublishedRow {
  readonly job_id: string;
  readonly user_id: string;
  readonly slug: string;
}

const PUBLIC = "n.published_at IS NOT NULL AND n.publish_at <= ?2";
const PUBLIC_COLUMNS = "n.job_id, n.slug, n.publish_at, j.text, j.r2_key IS NOT NULL AS recording_kept";

export function publicationOf(db: D1Database, jobId: string, userId: string): Promise<PublicationRow | null> {
  return db
    .prepare("SELECT * FROM newsroom_releases WHERE job_id = ? AND user_id = ?")
    .bind(jobId, userId)
    .first<PublicationRow>();
}

/** The addresses the account's releases have, newest first: to keep a new one unique, and to purge them. */
export async function releaseSlugsOf(db: D1Database, userId: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT slug FROM newsroom_releases WHERE user_id = ? ORDER BY publish_at DESC LIMIT ?")
    .bind(userId, limit)
    .all<{ slug: string }>();
  return results.map((row) => row.slug);
}

const SLUG_TAKEN = /UNIQUE constraint failed: newsroom_releases\.user_id, newsroom_releases\.slug/;

/**
 * The release's row with a new time; a release published before keeps its address. Null when a
 * new release's address was taken meanwhile by another of the account's, published at the same moment.
 */
export async function savePublication(
  db: D1Database,
  row: Omit<PublicationRow, "created_at">,
  now: string,
): Promise<PublicationRow | null> {
  return db
    .prepare(
      `INSERT INTO newsroom_releases (job_id, user_id, slug, publish_at, published_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (job_id) DO UPDATE SET publish_at = excluded.publish_at, published_at = excluded.published_at
       RETURNING *`,
    )
    .bind(row.job_id, row.user_id, row.slug, row.publish_at, row.published_at, now)
    .first<PublicationRow>()
    .catch((error: unknown) => {
      if (error instanceof Error && SLUG_TAKEN.test(error.message)) return null;
      throw error;
    });
}

/** Takes the release off its newsroom; answers the address it had, or null when it was on none. */
export async function deletePublication(db: D1Database, jobId: string, userId: string): Promise<string | null> {
  const row = await db
    .prepare("DELETE FROM newsroom_releases WHERE job_id = ? AND user_id = ? RETURNING slug")
    .bind(jobId, userId)
    .first<{ slug: string }>();
  return row?.slug ?? null;
}

/**
 * Publishes the release whose embargo lifts at `publishAt`, once that time has come by `now`; a
 * release taken down or moved to another time meanwhile is left alone.
 */
export function publishAtItsTime(db: D1Database, jobId: string, publishAt: string, now: string) {
  return db
    .prepare(
      `UPDATE newsroom_releases SET published_at = ?3
       WHERE job_id = ?1 AND publish_at = ?2 AND published_at IS NULL AND publish_at <= ?3
       RETURNING job_id, user_id, slug`,
    )
    .bind(jobId, publishAt, now)
    .first<PublishedRow>();
}

/** Publishes up to `limit` releases whose embargo has lifted by `now`. */
export async function publishDue(db: D1Database, now: string, limit: number): Promise<PublishedRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE newsroom_releases SET published_at = ?1
       WHERE job_id IN (SELECT job_id FROM newsroom_releases WHERE published_at IS NULL AND publish_at <= ?1 LIMIT ?2)
       RETURNING job_id, user_id, slug`,
    )
    .bind(now, limit)
    .all<PublishedRow>();
  return results;
}

/** The account's public releases by `now`, newest first, with their text (one query for a page). */
export async function publicReleasesOf(
  db: D1Database,
  userId: string,
  now: string,
  limit: number,
): Promise<PublicReleaseRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${PUBLIC_COLUMNS} FROM newsroom_releases n JOIN jobs j ON j.id = n.job_id
       WHERE n.user_id = ?1 AND ${PUBLIC} AND j.text IS NOT NULL ORDER BY n.publish_at DESC LIMIT ?3`,
    )
    .bind(userId, now, limit)
    .all<PublicReleaseRow>();
  return results;
}

/** One public release of the account by `now`; null for one that is not (yet) public. */
export function publicRelease(
  db: D1Database,
  userId: string,
  slug: string,
  now: string,
): Promise<PublicReleaseRow | null> {
  return db
    .prepare(
      `SELECT ${PUBLIC_COLUMNS} FROM newsroom_releases n JOIN jobs j ON j.id = n.job_id
       WHERE n.user_id = ?1 AND ${PUBLIC} AND n.slug = ?3 AND j.text IS NOT NULL`,
    )
    .bind(userId, now, slug)
    .first<PublicReleaseRow>();
}

/** The account's newsroom releases, for its data download. */
export function publicationsOf(db: D1Database, userId: string, page?: Page): RowsStatement<PublicationRow> {
  return pagedStatement(
    db,
    "SELECT * FROM newsroom_releases WHERE user_id = ? ORDER BY created_at, job_id",
    [userId],
    page,
  );
}
