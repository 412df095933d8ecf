import { type AttachmentItem, PREVIEW_WIDTH } from "../press-releases/contracts/attachments.ts";
import { newsroomFilePath, RELEASE_FILES, renditionFile } from "./contracts/newsroom.ts";

/**
 * A public release's files as its newsroom page and its e-mails link them: its images (with what a
 * page needs to lay them out before they load, and their web renditions), its recording when
 * attached and still kept, and the release as DOCX and PDF. Every address is absolute and answers
 * only while the release is public.
 */
export interface ReleaseImage {
  /** The image as uploaded. */
  readonly url: string;
  readonly alt: string;
  readonly caption: string;
  readonly width: number;
  readonly height: number;
  /** Its WebP renditions, narrowest first; none for an image uploaded before they were made. */
  readonly renditions: readonly { readonly url: string; readonly width: number; readonly height: number }[];
}

export interface ReleaseFiles {
  readonly images: readonly ReleaseImage[];
  readonly recording: string | null;
  readonly docx: string;
  readonly pdf: string;
}

type ImageRow = Pick<AttachmentItem, "id" | "alt" | "caption" | "width" | "height"> & {
  readonly renditions?: readonly { readonly width: number; readonly height: number }[];
};

export function releaseFiles(
  origin: string,
  slug: string,
  releaseSlug: string,
  images: readonly ImageRow[],
  recording: boolean,
): ReleaseFiles {
  const url = (file: string) => `${origin}${newsroomFilePath(slug, releaseSlug, file)}`;
  return {
    images: images.map((image) => ({
      url: url(image.id),
      alt: image.alt,
      caption: image.caption,
      width: image.width,
      height: image.height,
      renditions: (image.renditions ?? []).map((rendition) => ({
        url: url(renditionFile(image.id, rendition.width)),
        width: rendition.width,
        height: rendition.height,
      })),
    })),
    recording: recording ? url(RELEASE_FILES.recording) : null,
    docx: url(RELEASE_FILES.docx),
    pdf: url(RELEASE_FILES.pdf),
  };
}

/**
 * The picture a link preview shows of an image: its rendition nearest 1200 pixels wide without
 * passing it (Open Graph's size), else the image as uploaded.
 */
export function previewOf(image: ReleaseImage): { url: string; width: number; height: number } {
  const fitting = image.renditions.filter((rendition) => rendition.width <= PREVIEW_WIDTH);
  return fitting.at(-1) ?? image.renditions[0] ?? image;
}
