import {
  newsroomFeedPath,
  newsroomFilePath,
  newsroomPath,
  newsroomReleasePath,
  RELEASE_FILES,
} from "./contracts/newsroom.ts";
import { releaseSlugsOf } from "./publications.ts";

/**
 * The newsroom's pages are kept in the edge cache (the Cache API) under keys of one fixed origin,
 * not the asking request's: a Workflow or the cron that lifts an embargo has no request, and must
 * purge the same keys a reader's request filled.
 */
const CACHE_ORIGIN = "https://newsroom.vox.internal";

/** How long the edge keeps a page; every change purges it sooner. Browsers always ask again. */
export const NEWSROOM_CACHE_CONTROL = "public, max-age=0, s-maxage=300";

/** The release pages purged with a newsroom: its newest ones, which are the ones read. */
const PURGED_RELEASES = 200;

export const newsroomCacheKey = (path: string) => new Request(new URL(path, CACHE_ORIGIN));

/**
 * Drops the newsroom at `slug` from the edge cache: its page, its feed, its releases' pages with
 * their DOCX and PDF (made from the text; images and clips are never cached), and `alsoReleases`
 * (a release just taken down has no row left to find it by).
 */
export async function purgeNewsroom(
  db: D1Database,
  cache: Cache,
  slug: string,
  userId: string,
  alsoReleases: readonly string[] = [],
): Promise<void> {
  const releases = [...alsoReleases, ...(await releaseSlugsOf(db, userId, PURGED_RELEASES))];
  const paths = [
    newsroomPath(slug),
    newsroomFeedPath(slug),
    ...releases.flatMap((release) => [
      newsroomReleasePath(slug, release),
      newsroomFilePath(slug, release, RELEASE_FILES.docx),
      newsroomFilePath(slug, release, RELEASE_FILES.pdf),
    ]),
  ];
  await Promise.all(paths.map((path) => cache.delete(newsroomCacheKey(path))));
}
