import { billingNow } from "../billing/billing-clock.ts";
import type { AppConfig } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import { newsroomSlugOf } from "../organisation/store.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { refuseGaps } from "../press-releases/release-gaps.ts";
import { newsroomReleasePath, type Publication, type PublicationState, releaseSlugFrom } from "./contracts/newsroom.ts";
import { purgeNewsroom } from "./newsroom-cache.ts";
import {
  deletePublication,
  type PublicationRow,
  publicationOf,
  publishAtItsTime,
  publishDue,
  releaseSlugsOf,
  savePublication,
} from "./publications.ts";

/**
 * Putting a finished release on its account's newsroom and taking it off. A release published now
 * is public at once; one under embargo waits for a Workflow sleeping until its time
 * (`publish-workflow.ts`), and the scheduled sweep publishes whatever is due by the billing clock
 * too, so the sandbox's moved clock lifts embargoes as real time would.
 */

/** Workflows sleep at most a year; an embargo is never longer in practice. */
const MAX_EMBARGO_MS = 365 * 86_400_000;
/** Releases published per scheduled sweep; the rest wait for the next. */
const DUE_PER_SWEEP = 500;
/** Tries at a release's address, each after another release published at the same moment took the last. */
const SLUG_ATTEMPTS = 5;
/** Every address the account's releases have, checked when a new release takes one. */
const ADDRESSES_CHECKED = 10_000;

export interface PublishContext {
  readonly env: Env;
  readonly config: Pick<AppConfig, "sandbox">;
  readonly cache: Cache;
  /** The origin the newsroom is served from. */
  readonly origin: string;
}

interface Release {
  readonly id: string;
  readonly user_id: string;
  readonly text: string;
}

function publicationView(ctx: PublishContext, newsroom: string, row: PublicationRow): Publication {
  return {
    url: `${ctx.origin}${newsroomReleasePath(newsroom, row.slug)}`,
    status: row.published_at === null ? "scheduled" : "published",
    publish_at: row.publish_at,
  };
}

async function newsroomOrRefuse(db: D1Database, userId: string): Promise<string> {
  const slug = await newsroomSlugOf(db, userId);
  if (slug === null) {
    throw new ApiError(
      409,
      "no_newsroom",
      "Choose your newsroom's address (Settings › Press kit) before publishing a release.",
    );
  }
  return slug;
}

/** A new address for the release from its headline, `-2`, `-3`… after it when the account has it. */
async function freeReleaseSlug(db: D1Database, userId: string, text: string): Promise<string> {
  const base = releaseSlugFrom(releaseHeadline(text));
  const taken = new Set(await releaseSlugsOf(db, userId, ADDRESSES_CHECKED));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

function embargoTime(embargoUntil: string, now: Date): string {
  const at = new Date(embargoUntil);
  const refuse = (message: string) => new ApiError(400, "validation_failed", message, { embargo_until: [message] });
  if (at.getTime() <= now.getTime()) throw refuse("The embargo must end in the future.");
  if (at.getTime() - now.getTime() > MAX_EMBARGO_MS) throw refuse("An embargo can last at most a year.");
  return at.toISOString();
}

export async function publishRelease(
  ctx: PublishContext,
  release: Release,
  embargoUntil: string | null | undefined,
): Promise<Publication> {
  const db = ctx.env.DB;
  const newsroom = await newsroomOrRefuse(db, release.user_id);
  const now = await billingNow(db, ctx.config);
  const publishAt = embargoUntil ? embargoTime(embargoUntil, now) : now.toISOString();
  refuseGaps(release.text, "publishing");
  const existing = await publicationOf(db, release.id, release.user_id);
  // Publishing what is public already changes nothing, its date included.
  if (!embargoUntil && existing?.published_at != null && existing.publish_at <= now.toISOString()) {
    return publicationView(ctx, newsroom, existing);
  }
  let row: PublicationRow | null = null;
  // A new address is chosen again when another release took it in the same moment.
  for (let attempt = 0; row === null; attempt++) {
    if (attempt === SLUG_ATTEMPTS) throw new Error(`no free address for newsroom release ${release.id}`);
    const slug = existing?.slug ?? (await freeReleaseSlug(db, release.user_id, release.text));
    row = await savePublication(
      db,
      {
        job_id: release.id,
        user_id: release.user_id,
        slug,
        publish_at: publishAt,
        published_at: embargoUntil ? null : publishAt,
      },
      now.toISOString(),
    );
  }
  if (row.published_at === null) {
    await ctx.env.PUBLISH_WORKFLOWS.create({ params: { jobId: release.id, publishAt } });
  }
  await purgeNewsroom(db, ctx.cache, newsroom, release.user_id);
  return publicationView(ctx, newsroom, row);
}

export async function publicationState(ctx: PublishContext, release: Release): Promise<PublicationState> {
  const db = ctx.env.DB;
  const [row, newsroom] = await Promise.all([
    publicationOf(db, release.id, release.user_id),
    newsroomSlugOf(db, release.user_id),
  ]);
  if (!row || newsroom === null) return { url: null, status: "draft", publish_at: null };
  return publicationView(ctx, newsroom, row);
}

/** Takes the release off its newsroom, its cached pages with it; false when it was on none. */
export async function withdrawRelease(db: D1Database, cache: Cache, jobId: string, userId: string): Promise<boolean> {
  const slug = await deletePublication(db, jobId, userId);
  if (slug === null) return false;
  const newsroom = await newsroomSlugOf(db, userId);
  if (newsroom) await purgeNewsroom(db, cache, newsroom, userId, [slug]);
  return true;
}

export async function takeDownRelease(ctx: PublishContext, release: Release): Promise<void> {
  if (!(await withdrawRelease(ctx.env.DB, ctx.cache, release.id, release.user_id))) {
    throw new ApiError(404, "not_published", "This release is not on your newsroom.");
  }
}

/** After an edit: the release's page shows the new text at once if it is on the newsroom. */
export async function purgeEditedRelease(db: D1Database, cache: Cache, jobId: string, userId: string) {
  const [row, newsroom] = await Promise.all([publicationOf(db, jobId, userId), newsroomSlugOf(db, userId)]);
  if (row && newsroom) await purgeNewsroom(db, cache, newsroom, userId);
}

async function purgePublished(db: D1Database, cache: Cache, userIds: Iterable<string>) {
  for (const userId of new Set(userIds)) {
    const newsroom = await newsroomSlugOf(db, userId);
    if (newsroom) await purgeNewsroom(db, cache, newsroom, userId);
  }
}

/** The Workflow's step: publishes the release if its embargo, still `publishAt`, has come. */
export async function publishWhenDue(env: Env, config: Pick<AppConfig, "sandbox">, jobId: string, publishAt: string) {
  const now = await billingNow(env.DB, config);
  const row = await publishAtItsTime(env.DB, jobId, publishAt, now.toISOString());
  if (row) await purgePublished(env.DB, caches.default, [row.user_id]);
  return row !== null;
}

/** The scheduled sweep: publishes every release whose embargo has lifted by the billing clock. */
export async function publishDueReleases(env: Env, config: Pick<AppConfig, "sandbox">): Promise<number> {
  const now = await billingNow(env.DB, config);
  const rows = await publishDue(env.DB, now.toISOString(), DUE_PER_SWEEP);
  await purgePublished(
    env.DB,
    caches.default,
    rows.map((row) => row.user_id),
  );
  return rows.length;
}
