import type { AttachmentItem } from "../press-releases/contracts/attachments.ts";
import { newsroomFilePath, RELEASE_FILES } from "./contracts/newsroom.ts";

/**
 * A public release's files as its newsroom page and its e-mails link them: its images (with what a
 * page needs to lay them out before they load), its recording when attached and still kept, and the
 * release as DOCX and PDF. Every address is absolute and answers only while the release is public.
 */
export interface ReleaseFiles {
  readonly images: readonly {
    readonly url: string;
    readonly alt: string;
    readonly caption: string;
    readonly width: number;
    readonly height: number;
  }[];
  readonly recording: string | null;
  readonly docx: string;
  readonly pdf: string;
}

export function releaseFiles(
  origin: string,
  slug: string,
  releaseSlug: string,
  images: readonly Pick<AttachmentItem, "id" | "alt" | "caption" | "width" | "height">[],
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
    })),
    recording: recording ? url(RELEASE_FILES.recording) : null,
    docx: url(RELEASE_FILES.docx),
    pdf: url(RELEASE_FILES.pdf),
  };
}
