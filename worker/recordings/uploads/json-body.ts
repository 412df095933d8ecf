import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { ApiError } from "../../core/errors.ts";
import { readAtMost } from "../../core/refused-body.ts";
import { JSON_BODY_LIMIT_BYTES } from "../../core/validate.ts";
import { type FromUpload, fromUploadSchema } from "../contracts/uploads.ts";

/** Tools take a finished upload as JSON `{upload_id}`, and a small file as a multipart form. */
export function sendsUploadId(c: Context<AppEnv>): boolean {
  return c.req.header("content-type")?.startsWith("application/json") ?? false;
}

const tooLarge = () =>
  new ApiError(
    413,
    "payload_too_large",
    "The request body is too large: send only the upload_id of a finished upload.",
  );

/**
 * The body as text, refused with 413 past `limit` bytes: at once when the declared length is over
 * it, and otherwise as soon as the bytes read pass it (the rest read and dropped, so the client
 * reads the 413), so a large body is never held in memory.
 */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!request.body) return "";
  return (await readAtMost(request.body, limit, tooLarge)).text();
}

export async function readUploadId(c: Context<AppEnv>): Promise<FromUpload> {
  const text = await readLimited(c.req.raw, JSON_BODY_LIMIT_BYTES).catch((error: unknown) => {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, "bad_request", "The request body could not be read.");
  });
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // malformed JSON is answered like a missing id, below
  }
  const parsed = fromUploadSchema.safeParse(json);
  if (!parsed.success) {
    const option = parsed.error.issues.find((issue) => issue.path.length > 0 && issue.path[0] !== "upload_id");
    if (option) {
      throw new ApiError(400, "validation_failed", option.message, { [String(option.path[0])]: [option.message] });
    }
    throw new ApiError(400, "validation_failed", "Send the id of a finished upload as upload_id.", {
      upload_id: ["Send the id of a finished upload."],
    });
  }
  return parsed.data;
}
