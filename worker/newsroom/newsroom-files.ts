import { byteRange, rangedResponse, rangeNotSatisfiable } from "../core/byte-range.ts";
import { UUID } from "../core/ids.ts";
import { findJob } from "../jobs/store.ts";
import { attachmentOf, recordingAttached, renditionOf } from "../press-releases/attachments.ts";
import { releaseFileName } from "../press-releases/contracts/release-markdown.ts";
import { isAnalysableMedia } from "../recordings/contracts/media.ts";
import type { PublicReleaseRow } from "./publications.ts";

/**
 * A public release's image, its renditions and its audio clip, read from R2 on each request (the
 * release's publicness was checked by the caller): none is kept in the edge cache, so a removed
 * image, a clip taken off, a deleted recording or a release taken down answers 404 at once.
 * Browsers revalidate the image and the clip with the object's ETag, which costs a D1 read and no
 * bytes; a rendition's address names its image's id, which a new picture never shares, so browsers
 * keep it for good.
 */

const REVALIDATE = "public, max-age=0, must-revalidate";
const IMMUTABLE = "public, max-age=31536000, immutable";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** The release's image `id`, or null when it has none by that id. */
export async function publicImage(
  env: Env,
  row: PublicReleaseRow,
  id: string,
  ifNoneMatch: string | undefined,
): Promise<Response | null> {
  const image = UUID.test(id) ? await attachmentOf(env.DB, row.job_id, id) : null;
  if (!image) return null;
  // R2 answers the object without its body when the browser's copy is still the one it has.
  const object = await env.AUDIO.get(
    image.r2_key,
    ifNoneMatch ? { onlyIf: new Headers({ "if-none-match": ifNoneMatch }) } : {},
  );
  if (!object) return null;
  const headers = new Headers({
    "content-type": image.content_type,
    "cache-control": REVALIDATE,
    etag: object.httpEtag,
    "content-disposition": `inline; filename="${releaseFileName(row.text, row.publish_at, EXTENSIONS[image.content_type] ?? "img")}"`,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
}

/** The rendition `width` of the release's image `imageId`, or null when it has none such. */
export async function publicRendition(
  env: Env,
  row: PublicReleaseRow,
  imageId: string,
  width: number,
): Promise<Response | null> {
  const rendition = await renditionOf(env.DB, row.job_id, imageId, width);
  const object = rendition && (await env.AUDIO.get(rendition.r2_key));
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "content-type": "image/webp",
      "content-length": String(object.size),
      "cache-control": IMMUTABLE,
      "content-disposition": `inline; filename="${releaseFileName(row.text, row.publish_at, "webp")}"`,
    },
  });
}

/** The release's recording as its audio clip, with Range, while it is attached and kept; else null. */
export async function publicClip(
  env: Env,
  row: PublicReleaseRow,
  rangeHeader: string | undefined,
): Promise<Response | null> {
  if (!(await recordingAttached(env.DB, row.job_id))) return null;
  const job = await findJob(env.DB, row.job_id);
  if (!job?.r2_key) return null;
  const range = byteRange(rangeHeader, job.bytes);
  if (range === "unsatisfiable") throw rangeNotSatisfiable(job.bytes);
  const object = await env.AUDIO.get(job.r2_key, range === "whole" ? {} : { range });
  if (!object) return null;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(job.file_name)?.[1]?.toLowerCase() ?? "audio";
  const headers = new Headers({
    // Only the audio or video type it was stored with, so it can never be read as a page.
    "content-type": isAnalysableMedia(job.content_type) ? job.content_type : "application/octet-stream",
    "cache-control": REVALIDATE,
    "content-disposition": `inline; filename="${releaseFileName(row.text, row.publish_at, extension)}"`,
  });
  return rangedResponse(object.body, range, object.size, headers);
}
