import { releaseSlugFrom } from "../../newsroom/contracts/newsroom.ts";
import type { AttachmentItem } from "../../press-releases/contracts/attachments.ts";
import { releaseHeadline } from "../../press-releases/contracts/release-markdown.ts";

/**
 * Where the data download's zip puts a release's images, as the uploads they were (their renditions
 * are copies Vox made, so they stay out): a folder per release named by its headline as its newsroom
 * address would be, then each image by its place in the release and its alt text.
 */

const EXTENSIONS: Record<AttachmentItem["content_type"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** An alt text's words as a file name's, short enough to read in a file list. */
const ALT_WORDS = 40;

/**
 * The release's folder. Two releases may share a headline, so the start of the release's id
 * follows it: the same name in the JSON, which is written a page at a time, and in the zip.
 */
export const releaseImageFolder = (release: { readonly id: string; readonly text: string | null }) =>
  `images/${releaseSlugFrom(releaseHeadline(release.text ?? ""))}-${release.id.slice(0, 8)}`;

/** `images/<release>/<position>-<alt text>.<extension>`, position counted from 1 in the order added. */
export function releaseImageFile(
  folder: string,
  image: Pick<AttachmentItem, "alt" | "content_type"> & { readonly position: number },
): string {
  const words = releaseSlugFrom(image.alt).slice(0, ALT_WORDS).replace(/-+$/, "");
  return `${folder}/${String(image.position).padStart(2, "0")}-${words}.${EXTENSIONS[image.content_type]}`;
}
