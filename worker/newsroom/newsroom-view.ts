import { billingNow } from "../billing/billing-clock.ts";
import type { AppConfig } from "../core/config.ts";
import type { Organisation } from "../organisation/contracts/organisation.ts";
import { newsroomOwner } from "../organisation/store.ts";
import { attachmentsOf, recordingAttached, renditionsOfRelease } from "../press-releases/attachments.ts";
import { newsroomFeedPath, newsroomPath, newsroomReleasePath } from "./contracts/newsroom.ts";
import type { NewsroomRelease } from "./newsroom-page.ts";
import { type PublicReleaseRow, publicRelease, publicReleasesOf } from "./publications.ts";
import { type ReleaseFiles, releaseFiles } from "./release-files.ts";

/**
 * What a newsroom page shows, read at the time of the billing clock (which the sandbox moves), so
 * a release under embargo is on no page and at no address until its time has come by that clock.
 */

/** The newsroom page and feed list this many releases, the newest. */
const NEWSROOM_RELEASES = 50;

interface NewsroomView {
  readonly kit: Organisation;
  readonly urls: { readonly newsroom: string; readonly feed: string };
  readonly releases: readonly NewsroomRelease[];
}

/** One release of the newsroom at `slug` while it is public by the billing clock, with its owner; else null. */
export async function publicReleaseAt(
  db: D1Database,
  config: Pick<AppConfig, "sandbox">,
  slug: string,
  releaseSlug: string,
): Promise<{ readonly userId: string; readonly kit: Organisation; readonly row: PublicReleaseRow } | null> {
  const owner = await newsroomOwner(db, slug);
  if (!owner) return null;
  const now = (await billingNow(db, config)).toISOString();
  const row = await publicRelease(db, owner.userId, releaseSlug, now);
  return row && { userId: owner.userId, kit: owner.kit, row };
}

/** The release's images with their renditions, clip and documents, as its page links them. */
async function filesOfRelease(
  db: D1Database,
  origin: string,
  slug: string,
  row: PublicReleaseRow,
): Promise<ReleaseFiles> {
  const [images, renditions, clip] = await Promise.all([
    attachmentsOf(db, row.job_id),
    renditionsOfRelease(db, row.job_id),
    recordingAttached(db, row.job_id),
  ]);
  const withRenditions = images.map((image) => ({
    ...image,
    renditions: renditions.filter((rendition) => rendition.attachment_id === image.id),
  }));
  return releaseFiles(origin, slug, row.slug, withRenditions, clip && row.recording_kept === 1);
}

/** The newsroom at `slug` with its public releases (only `releaseSlug`, with its files, when given); null when there is none. */
export async function newsroomView(
  db: D1Database,
  config: Pick<AppConfig, "sandbox">,
  origin: string,
  slug: string,
  releaseSlug?: string,
): Promise<NewsroomView | null> {
  const owner = await newsroomOwner(db, slug);
  if (!owner) return null;
  const now = (await billingNow(db, config)).toISOString();
  const rows =
    releaseSlug === undefined
      ? await publicReleasesOf(db, owner.userId, now, NEWSROOM_RELEASES)
      : [await publicRelease(db, owner.userId, releaseSlug, now)].filter((row) => row !== null);
  return {
    kit: owner.kit,
    urls: { newsroom: `${origin}${newsroomPath(slug)}`, feed: `${origin}${newsroomFeedPath(slug)}` },
    releases: await Promise.all(
      rows.map(async (row) => ({
        text: row.text,
        publishAt: row.publish_at,
        url: `${origin}${newsroomReleasePath(slug, row.slug)}`,
        ...(releaseSlug === undefined ? {} : { files: await filesOfRelease(db, origin, slug, row) }),
      })),
    ),
  };
}
