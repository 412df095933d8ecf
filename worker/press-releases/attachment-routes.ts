import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits, storageQuotaBytes } from "../billing/contracts/plans.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { readUpload } from "../core/read-upload.ts";
import { jsonBody, jsonBodyLimit, limitBody, refuseInvalid } from "../core/validate.ts";
import { findOwnFinishedRelease } from "../jobs/own-job.ts";
import { purgeEditedRelease } from "../newsroom/publish.ts";
import { formatBytes } from "../recordings/contracts/media.ts";
import {
  addAttachment,
  attachmentCount,
  attachmentKey,
  attachmentsOf,
  attachRecording,
  recordingAttached,
  removeAttachment,
  renditionKey,
} from "./attachments.ts";
import {
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_IMAGE_TYPES,
  ATTACHMENT_IMAGES_PER_RELEASE,
  type AttachmentItem,
  type AttachmentList,
  attachmentFields,
  recordingAttachmentBody,
} from "./contracts/attachments.ts";
import { imageFacts } from "./image-bytes.ts";
import { makeRenditions } from "./image-renditions.ts";

/**
 * What a finished release carries on its newsroom page and in its e-mails beside the text: images
 * the account uploads (each with alt text, bounded in count and size, its type read from its bytes,
 * with web renditions made at upload and counted in the plan's storage) and its own recording as an
 * audio clip. Each change shows on the public page at once.
 */
export const releaseAttachments = new Hono<AppEnv>();

/** Multipart room for the boundary, the alt text and the caption around the image. */
const UPLOAD_BODY_LIMIT = ATTACHMENT_IMAGE_MAX_BYTES + 64 * 1024;
const WRONG_TYPE = "Choose a JPEG, PNG or WebP image.";

const full = () =>
  new ApiError(
    409,
    "attachments_full",
    `A release carries at most ${ATTACHMENT_IMAGES_PER_RELEASE} images; remove one to add another.`,
  );

/** The refusal a recording upload past the plan's storage gets too. */
const overQuota = (quota: number | null) =>
  new ApiError(
    402,
    "storage_quota_exceeded",
    `This image would take you past your plan's ${formatBytes(quota ?? 0)} of storage. Delete old recordings or images, or upgrade your plan.`,
  );

async function listOf(db: D1Database, release: { id: string; r2_key: string | null }): Promise<AttachmentList> {
  const [items, attached] = await Promise.all([attachmentsOf(db, release.id), recordingAttached(db, release.id)]);
  return { items, recording: { attached, available: release.r2_key !== null } };
}

const purge = (c: Context<AppEnv>, release: { id: string; user_id: string }) =>
  purgeEditedRelease(c.env.DB, c.var.edgeCache, release.id, release.user_id);

releaseAttachments.get(API.pressReleases.at.attachments, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  return c.json(await listOf(c.env.DB, release), 200, { "cache-control": "no-store" });
});

releaseAttachments.post(API.pressReleases.at.attachments, requireUser, limitBody(UPLOAD_BODY_LIMIT), async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "releaseEdit");
  // A full release is refused before its bytes are read or stored.
  if ((await attachmentCount(c.env.DB, release.id)) >= ATTACHMENT_IMAGES_PER_RELEASE) throw full();
  const { file, form } = await readUpload(c, {
    field: "file",
    maxBytes: ATTACHMENT_IMAGE_MAX_BYTES,
    accepts: (type) => (ATTACHMENT_IMAGE_TYPES as readonly string[]).includes(type),
    missing: "Choose an image to attach.",
    wrongType: WRONG_TYPE,
  });
  const fields = attachmentFields.safeParse({
    alt: form.get("alt") ?? undefined,
    caption: form.get("caption") ?? undefined,
  });
  if (!fields.success) refuseInvalid(fields.error.issues, "form");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const facts = imageFacts(bytes);
  if (!facts) {
    const message = `That file is not an image we can show. ${WRONG_TYPE}`;
    throw new ApiError(415, "unsupported_media_type", message, { file: [message] });
  }
  const renditions = await makeRenditions(c.env.IMAGES, bytes, facts);
  const id = crypto.randomUUID();
  const r2Key = attachmentKey(release.user_id, release.id, id);
  const copies = renditions.map((rendition) => ({
    data: rendition.bytes,
    row: {
      width: rendition.width,
      height: rendition.height,
      bytes: rendition.bytes.byteLength,
      r2_key: renditionKey(release.user_id, release.id, id, rendition.width),
    },
  }));
  const stored = copies.map((copy) => copy.row);
  // The row is the objects' only reference: an upload whose writes failed, that lost the race for
  // the last place or the last of the plan's storage, or whose release or account went meanwhile,
  // takes every object it wrote back out.
  const takeBack = () => c.env.AUDIO.delete([r2Key, ...stored.map((rendition) => rendition.r2_key)]);
  const undoing = async (error: unknown): Promise<never> => {
    await takeBack();
    throw error;
  };
  await Promise.all([
    c.env.AUDIO.put(r2Key, bytes, { httpMetadata: { contentType: facts.type } }),
    ...copies.map((copy) =>
      c.env.AUDIO.put(copy.row.r2_key, copy.data, { httpMetadata: { contentType: "image/webp" } }),
    ),
  ]).catch(undoing);
  const row = {
    id,
    job_id: release.id,
    user_id: release.user_id,
    r2_key: r2Key,
    content_type: facts.type,
    bytes: bytes.byteLength,
    width: facts.width,
    height: facts.height,
    alt: fields.data.alt,
    caption: fields.data.caption,
    renditions_bytes: stored.reduce((sum, rendition) => sum + rendition.bytes, 0),
  };
  const now = new Date().toISOString();
  const quota = storageQuotaBytes(planLimits(c.var.account.plan));
  const refusal = await addAttachment(c.env.DB, row, stored, now, quota).catch(undoing);
  if (refusal) {
    await takeBack();
    throw refusal === "full" ? full() : overQuota(quota);
  }
  await purge(c, release);
  const item: AttachmentItem = {
    id,
    content_type: facts.type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    caption: row.caption,
    created_at: now,
  };
  return c.json(item, 201, { "cache-control": "no-store" });
});

/** The recording is the job's own: it can be attached only while the job still keeps it. */
releaseAttachments.patch(
  API.pressReleases.at.recordingAttachment,
  requireUser,
  jsonBodyLimit,
  jsonBody(recordingAttachmentBody),
  async (c) => {
    const release = await findOwnFinishedRelease(c);
    await limitWrite(c, "releaseEdit");
    const { attach } = c.req.valid("json");
    if (attach && release.r2_key === null) {
      throw new ApiError(
        409,
        "recording_gone",
        "The recording of this release was deleted or not kept, so it cannot be attached.",
      );
    }
    await attachRecording(c.env.DB, release.id, release.user_id, attach, new Date().toISOString());
    await purge(c, release);
    return c.json(await listOf(c.env.DB, release), 200, { "cache-control": "no-store" });
  },
);

releaseAttachments.delete(API.pressReleases.at.attachment, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "releaseEdit");
  const id = c.req.param("attachmentId");
  const keys = UUID.test(id) ? await removeAttachment(c.env.DB, release.id, id) : null;
  if (!keys) throw new ApiError(404, "not_found", "This release has no such attachment.");
  await c.env.AUDIO.delete(keys);
  await purge(c, release);
  return c.json({ message: "Attachment removed" }, 200, { "cache-control": "no-store" });
});
