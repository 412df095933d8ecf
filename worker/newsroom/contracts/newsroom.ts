import { z } from "zod";
import { API, pathOf } from "../../contracts/api-paths.ts";

/**
 * The public newsroom's contract, shared by the Worker and the site: an account's newsroom address
 * (`/newsroom/<slug>`, set with the press kit), and publishing a release there, at once or under an
 * embargo that lifts itself.
 */

export const NEWSROOM_SLUG_MIN = 3;
export const NEWSROOM_SLUG_MAX = 40;
const SLUG_MESSAGE = `Use ${NEWSROOM_SLUG_MIN}–${NEWSROOM_SLUG_MAX} lowercase letters, digits or hyphens`;

/** A newsroom address as typed: trimmed and lowercased first, so "Ijoba-Water" is taken as meant. */
export const newsroomSlugField = z
  .string({ error: SLUG_MESSAGE })
  .overwrite((value) => value.trim().toLowerCase())
  .regex(new RegExp(`^[a-z0-9-]{${NEWSROOM_SLUG_MIN},${NEWSROOM_SLUG_MAX}}$`), SLUG_MESSAGE);

/** The code a taken newsroom address answers (409), which the press kit form shows on its field. */
export const SLUG_TAKEN = "slug_taken";

export const publishBody = z.strictObject({
  /** When the release may go public; absent or null publishes it now. */
  embargo_until: z.iso
    .datetime({ offset: true, error: "Give the embargo as a date and time, e.g. 2026-12-01T09:00:00+01:00" })
    .nullable()
    .optional(),
});

/** A release on the newsroom: public now, or waiting for its embargo (`publish_at`) to lift. */
export const publicationSchema = z.object({
  url: z.string(),
  status: z.enum(["published", "scheduled"]),
  publish_at: z.string(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** What `GET …/publish` answers: the publication, or that the release is on no newsroom. */
export const publicationStateSchema = z.union([
  publicationSchema,
  z.object({ url: z.null(), status: z.literal("draft"), publish_at: z.null() }),
]);
export type PublicationState = z.infer<typeof publicationStateSchema>;

const RELEASE_SLUG_MAX = 60;

/** A release's address on its newsroom, from its headline: ASCII words joined by hyphens (`fallback` when none). */
export function releaseSlugFrom(headline: string, fallback = "release"): string {
  const slug = headline
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, RELEASE_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || fallback;
}

/** The newsroom's own page. */
export const newsroomPath = (slug: string) => pathOf(API.newsroom.path.newsroom, { slug });
/** A release's page on its newsroom. */
export const newsroomReleasePath = (slug: string, release: string) =>
  pathOf(API.newsroom.path.release, { slug, release });
/** A public release's files beside its images (which are named by their ids). */
export const RELEASE_FILES = { recording: "recording", docx: "release.docx", pdf: "release.pdf" } as const;
/**
 * A WebP rendition of a release image, named by the image's id (a new upload is a new id, so the
 * address changes whenever the picture does and can be cached for good) and its width.
 */
export const renditionFile = (imageId: string, width: number) => `${imageId}-${width}w.webp`;
/** The image id and width in a rendition's file name, or null when `file` is none. */
export function renditionOfFile(file: string): { imageId: string; width: number } | null {
  const match = /^([0-9a-f-]{36})-(\d{1,4})w\.webp$/.exec(file);
  return match?.[1] && match[2] ? { imageId: match[1], width: Number(match[2]) } : null;
}
/** One file of a release on its newsroom. */
export const newsroomFilePath = (slug: string, release: string, file: string) =>
  pathOf(API.newsroom.path.file, { slug, release, file });
/** The newsroom's RSS feed: a release's address never ends in `.xml`, so the two never meet. */
export const newsroomFeedPath = (slug: string) => pathOf(API.newsroom.path.feed, { slug });
