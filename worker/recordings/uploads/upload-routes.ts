import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requireUser } from "../../accounts/sessions.ts";
import type { AppEnv } from "../../app-env.ts";
import { planLimits, storageQuotaBytes } from "../../billing/contracts/plans.ts";
import { assertActivePlan } from "../../billing/require-plan.ts";
import { passGate } from "../../billing/tool-gate.ts";
import { API } from "../../contracts/api-paths.ts";
import { ApiError } from "../../core/errors.ts";
import { UUID } from "../../core/ids.ts";
import { refusedMediaType } from "../../core/read-upload.ts";
import { auditRequest } from "../../workspaces/audit.ts";
import { formatBytes, isAnalysableMedia } from "../contracts/media.ts";
import { TUS_EXTENSIONS, TUS_VERSION, UPLOAD_MAX_BYTES } from "../contracts/upload-constants.ts";
import { deleteRecording } from "../delete-recording.ts";
import { appendBody, UPLOAD_TTL_MS } from "./append.ts";
import { displayName } from "./display-name.ts";
import {
  deleteUploadRow,
  findOwnUpload,
  freeUploadStorage,
  insertUploadWithinQuota,
  isExpired,
  lockUpload,
  type UploadRow,
  unlockUpload,
} from "./store.ts";

/**
 * Resumable uploads speaking tus 1.0 with the creation, termination and expiration extensions, so
 * the standard tus clients work unmodified. Each upload is private to the signed-in user who
 * created it (anyone else gets 404) and its bytes go to R2 as they arrive (see `appendBody`).
 */
export const tusUploads = new Hono<AppEnv>();

/** R2 multipart part size: the memory one PATCH may hold, and the most a dropped connection loses. */
export const PART_SIZE = 5 * 1024 * 1024;

const OFFSET_TYPE = "application/offset+octet-stream";

/**
 * Headers every tus answer carries; OPTIONS (discovery, also the CORS preflight) lists what the
 * server supports. Runs around the CORS middleware, so it applies to the preflight answer too.
 */
export const tusHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === "OPTIONS") {
    c.res.headers.set("tus-version", TUS_VERSION);
    c.res.headers.set("tus-extension", TUS_EXTENSIONS);
    c.res.headers.set("tus-max-size", String(UPLOAD_MAX_BYTES));
    c.res.headers.delete("tus-resumable");
  } else {
    c.res.headers.set("tus-resumable", TUS_VERSION);
  }
});

tusUploads.use("*", async (c, next) => {
  if (c.req.method !== "OPTIONS" && c.req.header("tus-resumable") !== TUS_VERSION) {
    throw new ApiError(
      412,
      "tus_version_unsupported",
      `This server speaks tus ${TUS_VERSION}; send Tus-Resumable: ${TUS_VERSION}.`,
      undefined,
      { "tus-version": TUS_VERSION },
    );
  }
  await next();
});

tusUploads.options("/*", (c) => c.body(null, 204));

const httpDate = (iso: string) => new Date(iso).toUTCString();

/** `Upload-Metadata`: comma-separated `key base64value` pairs (a value may be absent). */
function parseMetadata(header: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const item of (header ?? "").split(",")) {
    const [key, value, ...rest] = item.trim().split(" ");
    if (!key) continue;
    if (rest.length > 0 || pairs.has(key)) throw badMetadata();
    try {
      pairs.set(
        key,
        value ? new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(base64Bytes(value)) : "",
      );
    } catch {
      throw badMetadata();
    }
  }
  return pairs;
}

function base64Bytes(value: string): Uint8Array {
  return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
}

const badMetadata = () =>
  new ApiError(400, "bad_upload_metadata", "Upload-Metadata must be comma-separated 'key base64value' pairs.");

/** A non-negative whole number header, or a 400 naming it. */
function byteCount(c: Context<AppEnv>, name: string): number {
  const value = c.req.header(name);
  if (!value || !/^\d{1,16}$/.test(value)) {
    throw new ApiError(400, "validation_failed", `${name} must be a whole number of bytes.`, {
      [name.toLowerCase()]: [`${name} must be a whole number of bytes.`],
    });
  }
  return Number(value);
}

/**
 * An upload exists only to be used by the tools, so creating one (and reserving its length against
 * the plan's storage) takes the tools' gate: verified e-mail and a plan or trial. It counts no
 * call of a tool's allowance; each tool counts every call that uses the recording.
 */
const mayUseTools = createMiddleware<AppEnv>(async (c, next) => {
  assertActivePlan((await passGate(c, null)).account);
  await next();
});

tusUploads.post("/", mayUseTools, async (c) => {
  if (c.req.header("upload-defer-length")) {
    throw new ApiError(400, "length_required", "Send Upload-Length: this server does not defer it.");
  }
  const length = byteCount(c, "Upload-Length");
  if (length === 0) throw new ApiError(400, "validation_failed", "The file is empty.");
  if (length > UPLOAD_MAX_BYTES) {
    throw new ApiError(
      413,
      "payload_too_large",
      `The file is too large. The limit is ${formatBytes(UPLOAD_MAX_BYTES)}.`,
    );
  }
  const rawMetadata = c.req.header("upload-metadata") ?? "";
  const metadata = parseMetadata(rawMetadata);
  const filetype = metadata.get("filetype") ?? "";
  if (!isAnalysableMedia(filetype)) {
    throw refusedMediaType("filetype", filetype, "Only audio and video files can be uploaded.");
  }
  const id = crypto.randomUUID();
  const r2Key = `uploads/${id}`;
  const quota = storageQuotaBytes(planLimits(c.var.account.plan));
  const multipart = await c.env.AUDIO.createMultipartUpload(r2Key, { httpMetadata: { contentType: filetype } });
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS).toISOString();
  const inserted = await insertUploadWithinQuota(
    c.env.DB,
    {
      id,
      user_id: c.var.account.id,
      created_by: c.var.user.id,
      file_name: displayName(metadata.get("filename") ?? ""),
      content_type: filetype,
      length,
      metadata: rawMetadata,
      r2_key: r2Key,
      multipart_id: multipart.uploadId,
      part_size: PART_SIZE,
    },
    expiresAt,
    quota,
  );
  if (!inserted) {
    await multipart.abort();
    throw new ApiError(
      402,
      "storage_quota_exceeded",
      `This upload would take you past your plan's ${formatBytes(quota ?? 0)} of storage. Delete old recordings or upgrade your plan.`,
    );
  }
  c.header("location", `${API.uploads.mount}/${id}`);
  c.header("upload-expires", httpDate(expiresAt));
  return c.body(null, 201);
});

const notFound = () => new ApiError(404, "not_found", "That upload does not exist or is not yours.");

/** The caller's own upload; an expired one is cleaned up on sight and answers 410. */
async function ownLiveUpload(c: Context<AppEnv>): Promise<UploadRow> {
  const id = c.req.param("id") ?? "";
  const row = UUID.test(id) ? await findOwnUpload(c.env.DB, id, c.var.account.id) : null;
  if (!row) throw notFound();
  if (isExpired(row)) {
    await deleteUploadRow(c.env.DB, row.id);
    await freeUploadStorage(c.env.AUDIO, row);
    throw new ApiError(410, "upload_expired", "This upload expired. Please start it again.");
  }
  return row;
}

/** Only an unfinished upload expires; a finished one is a recording kept until its owner deletes it. */
function expiresHeader(c: Context<AppEnv>, row: UploadRow): void {
  if (row.status === "uploading") c.header("upload-expires", httpDate(row.expires_at));
}

// HEAD is answered by the GET route, without the body.
tusUploads.get(API.uploads.at.upload, requireUser, async (c) => {
  const row = await ownLiveUpload(c);
  c.header("upload-offset", String(row.offset));
  c.header("upload-length", String(row.length));
  if (row.metadata) c.header("upload-metadata", row.metadata);
  expiresHeader(c, row);
  c.header("cache-control", "no-store");
  return c.body(null, 200);
});

tusUploads.patch(API.uploads.at.upload, requireUser, async (c) => {
  if (c.req.header("content-type") !== OFFSET_TYPE) {
    throw new ApiError(415, "unsupported_media_type", `Send the bytes as ${OFFSET_TYPE}.`);
  }
  const offset = byteCount(c, "Upload-Offset");
  const seen = await ownLiveUpload(c);
  const mismatch = (at: number) => new ApiError(409, "offset_mismatch", `The upload is at byte ${at}, not ${offset}.`);
  if (offset !== seen.offset) throw mismatch(seen.offset);
  if (seen.status === "complete") {
    // Nothing is left to write: an empty PATCH at the end is answered like the one that finished it.
    if (Number(c.req.header("content-length") ?? 0) > 0) {
      throw new ApiError(413, "beyond_upload_length", "The request carries bytes beyond the upload's length.");
    }
    c.header("upload-offset", String(seen.offset));
    return c.body(null, 204);
  }
  const lock = crypto.randomUUID();
  if (!(await lockUpload(c.env.DB, seen.id, lock))) {
    throw new ApiError(423, "upload_locked", "Another request is still writing this upload. Try again shortly.");
  }
  try {
    const row = await findOwnUpload(c.env.DB, seen.id, c.var.account.id);
    if (!row) throw notFound();
    if (offset !== row.offset) throw mismatch(row.offset);
    const declared = c.req.header("content-length");
    if (declared !== undefined && row.offset + Number(declared) > row.length) {
      throw new ApiError(413, "beyond_upload_length", "The request carries bytes beyond the upload's length.");
    }
    const result = await appendBody(c.env.AUDIO, c.env.DB, row, lock, c.req.raw.body);
    c.header("upload-offset", String(result.offset));
    if (!result.complete) c.header("upload-expires", httpDate(result.expiresAt));
    return c.body(null, 204);
  } finally {
    await unlockUpload(c.env.DB, seen.id, lock);
  }
});

tusUploads.delete(API.uploads.at.upload, requireUser, async (c) => {
  const id = c.req.param("id");
  const row = UUID.test(id) ? await findOwnUpload(c.env.DB, id, c.var.account.id) : null;
  if (!row) throw notFound();
  // A finished upload is a recording jobs may share: deleted by the same rules as from the list.
  if (row.status === "complete") {
    await deleteRecording(c.env, row.id, c.var.account.id);
    await auditRequest(c, "recording.deleted", row.file_name);
  } else {
    // The row first: a PATCH still streaming then finds it gone and removes what it writes after this.
    await deleteUploadRow(c.env.DB, row.id);
    await freeUploadStorage(c.env.AUDIO, row);
  }
  return c.body(null, 204);
});
