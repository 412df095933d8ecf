import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { readUploadId } from "./json-body.ts";
import { takeUpload } from "./take.ts";

/**
 * `POST /api/press-releases` with JSON `{upload_id}`: the finished upload becomes the job's
 * recording, and the provider fetches it by URL rather than through a re-upload.
 */
export async function startFromUpload(c: Context<AppEnv>): Promise<Response> {
  const { upload_id } = await readUploadId(c);
  const id = crypto.randomUUID();
  const { r2Key, contentType } = await takeUpload(c.env.DB, "press_releases", id, upload_id, c.var.user.id);
  await c.env.PRESS_RELEASE_JOBS.getByName(id).start({
    id,
    r2Key,
    origin: new URL(c.req.url).origin,
    byUrl: { contentType },
  });
  c.header("location", `/api/press-releases/${id}`);
  return c.json({ id, status: "queued" as const }, 202);
}
