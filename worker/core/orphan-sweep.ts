import { jobHoldsKey } from "../jobs/store.ts";
import { attachmentHoldsKey } from "../press-releases/attachments.ts";
import { uploadHoldsKey } from "../recordings/uploads/store.ts";
import { audioItemHoldsKey } from "../speech/store.ts";

/**
 * R2 objects no row references any more, deleted on the Worker's schedule. Every write that can
 * race a deletion or an erasure re-checks its row and removes what it wrote, so an orphan should
 * be rare: an R2 delete that failed after its rows went, a Worker stopped between a write and its
 * check. The sweep is what makes "rare" into "gone within a day and a half".
 *
 * An object is an orphan when no upload (its object or its `.tail`), job (recording or result),
 * history item, release image or image rendition names it. Only objects older than `ORPHAN_AGE_MS` go, so a write whose row is about
 * to be inserted is never taken for one.
 */

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Keys listed per page, and pages per run: at most 5,000 objects looked at every run. */
const SWEEP_PAGE_SIZE = 500;
const SWEEP_PAGES_PER_RUN = 10;

const SWEEP_NAME = "orphan-objects";

/** Of `keys`, those no row references, in one statement. */
export async function unreferencedKeys(db: D1Database, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT candidate.value AS key FROM json_each(?1) AS candidate
       WHERE NOT ${uploadHoldsKey("candidate.value")} AND NOT ${jobHoldsKey("candidate.value")}
         AND NOT ${audioItemHoldsKey("candidate.value")} AND NOT ${attachmentHoldsKey("candidate.value")}`,
    )
    .bind(JSON.stringify(keys))
    .all<{ key: string }>();
  return results.map((row) => row.key);
}

interface SweepLimits {
  readonly pageSize: number;
  readonly pages: number;
}

/**
 * Looks at up to `pages` pages of R2 from where the last run stopped and deletes the orphans
 * older than a day among them; answers how many it looked at and deleted.
 */
export async function sweepOrphanObjects(
  env: Env,
  now = new Date(),
  limits: SweepLimits = { pageSize: SWEEP_PAGE_SIZE, pages: SWEEP_PAGES_PER_RUN },
): Promise<{ examined: number; deleted: number }> {
  const position = await env.DB.prepare("SELECT after_key FROM sweep_positions WHERE sweep = ?")
    .bind(SWEEP_NAME)
    .first<string>("after_key");
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  let examined = 0;
  let deleted = 0;
  let cursor: string | undefined;
  let lastKey: string | null = position;
  let reachedEnd = false;
  for (let page = 0; page < limits.pages && !reachedEnd; page++) {
    const listed = await env.AUDIO.list(
      cursor ? { limit: limits.pageSize, cursor } : { limit: limits.pageSize, startAfter: lastKey ?? undefined },
    );
    examined += listed.objects.length;
    const old = listed.objects.filter((object) => object.uploaded.getTime() <= cutoff).map((object) => object.key);
    const orphans = await unreferencedKeys(env.DB, old);
    if (orphans.length > 0) await env.AUDIO.delete(orphans);
    deleted += orphans.length;
    lastKey = listed.objects.at(-1)?.key ?? lastKey;
    reachedEnd = !listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
  await (reachedEnd || lastKey === null
    ? env.DB.prepare("DELETE FROM sweep_positions WHERE sweep = ?").bind(SWEEP_NAME)
    : env.DB.prepare(
        `INSERT INTO sweep_positions (sweep, after_key) VALUES (?1, ?2)
         ON CONFLICT (sweep) DO UPDATE SET after_key = excluded.after_key`,
      ).bind(SWEEP_NAME, lastKey)
  ).run();
  return { examined, deleted };
}

/** Every object no row references, whatever its age (the sandbox's check after `npm run chaos`). */
export async function listOrphanObjects(
  bucket: R2Bucket,
  db: D1Database,
): Promise<{ objects: number; orphans: string[] }> {
  let objects = 0;
  const orphans: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ limit: SWEEP_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    objects += listed.objects.length;
    orphans.push(
      ...(await unreferencedKeys(
        db,
        listed.objects.map((object) => object.key),
      )),
    );
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return { objects, orphans };
}
