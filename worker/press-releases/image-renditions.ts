import { ApiError, providerUnavailable } from "../core/errors.ts";
import { RENDITION_WIDTHS } from "./contracts/attachments.ts";
import { type ImageFacts, imageFacts } from "./image-bytes.ts";

/**
 * The WebP copies of an uploaded image that a newsroom page offers in its `srcset`, made once at
 * upload by Cloudflare's Images binding (locally, wrangler's emulation of it through sharp), so a
 * phone downloads a picture of its screen's size rather than the upload's up to 5 MB.
 */

const WIDEST = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
/** The quality photos are usually served at on the web; wrangler's local emulation does not apply it. */
const QUALITY = 80;

interface Rendition {
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8Array;
}

/**
 * The widths to make of an image `width` pixels wide: each standard one narrower than it, and the
 * image's own width (up to the widest), so the largest copy is never blown up past the original.
 */
function renditionWidths(width: number): number[] {
  return [...RENDITION_WIDTHS.filter((each) => each < width), Math.min(width, WIDEST)];
}

/**
 * Error codes with which the Images service refuses the image itself rather than failing:
 * not an image (9412), over its 100 megapixels (9413), a format it cannot read (9520), and one it
 * could not resize, which its documentation gives for a damaged file (9523; the local emulation
 * answers every file sharp cannot decode so too).
 */
const REFUSED_IMAGE = new Set([9412, 9413, 9520, 9523]);

const imagesCode = (error: unknown) =>
  typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "number"
    ? (error as { code: number }).code
    : null;

async function rendition(images: ImagesBinding, original: Uint8Array, width: number): Promise<Rendition> {
  const result = await images
    .input(new Blob([original]).stream())
    .transform({ width, fit: "scale-down" })
    .output({ format: "image/webp", quality: QUALITY });
  const bytes = new Uint8Array(await result.response().arrayBuffer());
  // The service turns a photo upright by its EXIF orientation, so the copy's own size is read.
  const made = imageFacts(bytes);
  if (made?.type !== "image/webp") throw new Error(`Images answered ${result.contentType()}, not WebP`);
  return { width: made.width, height: made.height, bytes };
}

/**
 * The image's renditions, narrowest first. A refusal of the image is 415 `unsupported_media_type`
 * on `file`, as a file that is no image is; the service failing is 502 `image_provider_unavailable`.
 */
export async function makeRenditions(
  images: ImagesBinding,
  original: Uint8Array,
  facts: ImageFacts,
): Promise<Rendition[]> {
  try {
    const made = await Promise.all(renditionWidths(facts.width).map((width) => rendition(images, original, width)));
    // An image turned upright may come out narrower than asked; a page needs each width once.
    return made.filter((each, i) => made.findIndex((other) => other.width === each.width) === i);
  } catch (error) {
    const code = imagesCode(error);
    if (code !== null && REFUSED_IMAGE.has(code)) {
      console.warn("[image] refused an upload", error);
      const message =
        "We could not read that image: it may be damaged. Save it again as a JPEG, PNG or WebP and retry.";
      throw new ApiError(415, "unsupported_media_type", message, { file: [message] });
    }
    throw providerUnavailable("image", error);
  }
}
