import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { type FromUpload, fromUploadSchema } from "../contracts/uploads.ts";
import { ApiError } from "../errors.ts";

/** Tools take a finished upload as JSON `{upload_id}`, and a small file as a multipart form. */
export function sendsUploadId(c: Context<AppEnv>): boolean {
  return c.req.header("content-type")?.startsWith("application/json") ?? false;
}

export async function readUploadId(c: Context<AppEnv>): Promise<FromUpload> {
  const parsed = fromUploadSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiError(400, "validation_failed", "Send the id of a finished upload as upload_id.", {
      upload_id: ["Send the id of a finished upload."],
    });
  }
  return parsed.data;
}
