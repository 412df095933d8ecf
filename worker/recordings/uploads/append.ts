import { ApiError } from "../../core/errors.ts";
import { dropRest } from "../../core/refused-body.ts";
import {
  freeUploadStorage,
  type Progress,
  recordProgress,
  type StoredPart,
  tailKey,
  type UploadRow,
  uploadExists,
} from "./store.ts";

/**
 * Appends one PATCH body to an upload, streaming it into R2 multipart parts of `part_size` bytes
 * (R2 wants every part but the last at least 5 MiB, and of one size), so at most one part is held
 * in memory. Progress is recorded after every part, so a dropped connection loses only the part in
 * flight. A body that ends between part boundaries leaves its trailing bytes in a small R2 object
 * (`<key>.tail`) counted in the offset; the next PATCH reads them back first, so the client never
 * re-sends bytes the server acknowledged.
 *
 * The upload may be deleted, or its account erased, while its body is still arriving. Deleting
 * removes the row before the R2 data, so a write that lands after the R2 data went finds the row
 * gone when it records progress or when R2 refuses the part: it then removes what it wrote and
 * answers 410 `upload_gone`.
 */

export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

interface AppendResult {
  readonly offset: number;
  readonly expiresAt: string;
  readonly complete: boolean;
}

const conflict = () =>
  new ApiError(409, "offset_mismatch", "Another request took this upload over. Ask for its offset again.");

const gone = () => new ApiError(410, "upload_gone", "This upload was deleted while it was being sent.");

export async function appendBody(
  bucket: R2Bucket,
  db: D1Database,
  row: UploadRow,
  lock: string,
  body: ReadableStream<Uint8Array> | null,
): Promise<AppendResult> {
  const multipart = bucket.resumeMultipartUpload(row.r2_key, row.multipart_id);
  const parts: StoredPart[] = JSON.parse(row.parts);
  const buffer = new Uint8Array(row.part_size);
  /** The offset D1 holds; the buffer holds the bytes from `partsEnd` to `partsEnd + filled`. */
  let committed = row.offset;
  let partsEnd = row.offset - row.tail_bytes;
  let filled = 0;
  let expiresAt = row.expires_at;
  let complete = false;
  let tailStored = row.tail_bytes > 0;
  if (row.tail_bytes > 0) {
    const tail = await bucket.get(tailKey(row), { range: { offset: 0, length: row.tail_bytes } });
    if (!tail) throw new ApiError(410, "upload_gone", "Part of this upload was lost. Please start it again.");
    buffer.set(new Uint8Array(await tail.arrayBuffer()));
    filled = row.tail_bytes;
  }

  /** Rethrows `error` unless the upload was deleted meanwhile, in which case it clears up after itself. */
  const unlessGone = async (error: unknown): Promise<never> => {
    if (await uploadExists(db, row.id)) throw error;
    await freeUploadStorage(bucket, row);
    throw gone();
  };
  const record = async (progress: Omit<Progress, "expiresAt">) => {
    const next = { ...progress, expiresAt: new Date(Date.now() + UPLOAD_TTL_MS).toISOString() };
    if (!(await recordProgress(db, row.id, lock, committed, next))) await unlessGone(conflict());
    committed = next.offset;
    expiresAt = next.expiresAt;
  };
  const flush = async () => {
    const part = await multipart.uploadPart(parts.length + 1, buffer.subarray(0, filled)).catch(unlessGone);
    parts.push({ partNumber: part.partNumber, etag: part.etag });
    partsEnd += filled;
    filled = 0;
    if (partsEnd === row.length) {
      await multipart.complete(parts).catch(unlessGone);
      complete = true;
    }
    await record({ offset: partsEnd, parts, tailBytes: 0, complete });
    // On completion also catch a tail left by a writer that stored it but lost the lock before recording it.
    if (tailStored || complete) {
      await bucket.delete(tailKey(row));
      tailStored = false;
    }
  };
  /** Keeps what did not fill a part, so the client need not send it again. */
  const keepTail = async () => {
    if (filled === 0 || partsEnd + filled <= committed) return;
    await bucket.put(tailKey(row), buffer.subarray(0, filled));
    tailStored = true;
    await record({ offset: partsEnd + filled, parts, tailBytes: filled });
  };

  let tooLong = false;
  let cut = false;
  const reader = body?.getReader();
  while (reader) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      cut = true;
      break;
    }
    if (chunk.done) break;
    let data = chunk.value;
    const room = row.length - partsEnd - filled;
    if (data.length > room) {
      data = data.subarray(0, room);
      tooLong = true;
    }
    while (data.length > 0) {
      const take = Math.min(buffer.length - filled, data.length);
      buffer.set(data.subarray(0, take), filled);
      filled += take;
      data = data.subarray(take);
      if (filled === buffer.length) await flush();
    }
    if (tooLong) {
      // Read to the end, so the client reads the 413 rather than a reset connection.
      await dropRest(reader);
      break;
    }
  }
  if (partsEnd + filled === row.length && filled > 0) await flush();
  else if (cut) {
    // The client is gone; keeping its bytes is a favour that may not finish before the runtime stops us.
    await keepTail().catch(() => undefined);
  } else await keepTail();
  if (tooLong) {
    throw new ApiError(413, "beyond_upload_length", "The request carries bytes beyond the upload's length.");
  }
  return { offset: committed, expiresAt, complete };
}
