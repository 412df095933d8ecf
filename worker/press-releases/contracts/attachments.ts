import { z } from "zod";
import { lineField } from "../../contracts/fields.ts";

/**
 * What a release carries beside its text on the newsroom and in its e-mails, shared by
 * `/api/press-releases/:id/attachments` and VoxRelease: images with alt text, and whether the
 * release's recording is attached as an audio clip.
 */

export const ATTACHMENT_IMAGES_PER_RELEASE = 6;
export const ATTACHMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_ALT_MAX_CHARACTERS = 300;
export const ATTACHMENT_CAPTION_MAX_CHARACTERS = 300;

/**
 * The widths of an image's WebP renditions a newsroom page picks from (`image-renditions.ts`);
 * 1200 is also the link preview's, about what Open Graph asks for.
 */
export const RENDITION_WIDTHS = [480, 960, 1200, 1600] as const;
export const PREVIEW_WIDTH = 1200;

/** The image types taken, as their bytes show them (`image-bytes.ts`). */
export const ATTACHMENT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AttachmentImageType = (typeof ATTACHMENT_IMAGE_TYPES)[number];

/** The form fields beside the `file`. */
export const attachmentFields = z.object({
  alt: lineField(ATTACHMENT_ALT_MAX_CHARACTERS, { required: "Describe the image for people who cannot see it" }),
  caption: lineField(ATTACHMENT_CAPTION_MAX_CHARACTERS).default(""),
});

export const attachmentItem = z.object({
  id: z.string(),
  content_type: z.enum(ATTACHMENT_IMAGE_TYPES),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  caption: z.string(),
  created_at: z.string(),
});
export type AttachmentItem = z.infer<typeof attachmentItem>;

export const attachmentList = z.object({
  items: z.array(attachmentItem),
  /** `available`: the job still keeps its recording (its owner may have deleted it). */
  recording: z.object({ attached: z.boolean(), available: z.boolean() }),
});
export type AttachmentList = z.infer<typeof attachmentList>;

export const recordingAttachmentBody = z.strictObject({ attach: z.boolean({ error: "Say true or false" }) });
