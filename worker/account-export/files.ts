import { Zip, ZipPassThrough } from "fflate";
import type { AudioItemRow } from "../audio/store.ts";
import type { JobRow } from "../jobs/store.ts";
import { displayName } from "../uploads/display-name.ts";
import type { UploadRow } from "../uploads/store.ts";

/*
 * The zip side of the account's data download. It imports only types from the stores (their rows
 * are read in data.ts), so `npm run bench:data-download` can run the zip writer under Node.
 */

/** One stored file of an account, and where the data export's zip puts it. */
export interface StoredFile {
  /** The file's path inside the zip; the JSON export names it beside the item it belongs to. */
  readonly path: string;
  readonly key: string;
  readonly bytes: number;
  readonly modified: string;
}

/**
 * A plan may keep 40 GB, so an account's files come in as many zips as they need, each up to this
 * (one larger file, an upload of up to 2 GiB, alone). fflate writes no ZIP64 records, so a zip must
 * stay under 4 GiB; and writing one costs about 5.5 s of CPU per GiB (`npm run bench:data-download`),
 * so 2 GiB keeps a request well inside the Workers Paid plan's default 30 s of CPU.
 */
export const ZIP_PART_LIMIT = 2 * 1024 ** 3;

const extensionOf = (key: string) => /\.[a-z0-9]{1,5}$/i.exec(key)?.[0] ?? ".mp3";
const day = (iso: string) => iso.slice(0, 10);

/** Generated speech and voice conversions: one file per stored object (repeats share one). */
export function speechFile(item: Pick<AudioItemRow, "id" | "r2_key" | "created_at">): string {
  return `speech/${day(item.created_at)}-${item.id}${extensionOf(item.r2_key)}`;
}

export const recordingFile = (job: Pick<JobRow, "id" | "file_name">) =>
  `recordings/${job.id}-${displayName(job.file_name)}`;

export const uploadFile = (upload: Pick<UploadRow, "id" | "file_name">) =>
  `uploads/${upload.id}-${displayName(upload.file_name)}`;

/** Every stored audio file of the account: its speech, its jobs' recordings and its finished uploads. */
export function storedFiles(audio: readonly AudioItemRow[], jobs: readonly JobRow[], uploads: readonly UploadRow[]) {
  const files = new Map<string, StoredFile>();
  for (const item of audio) {
    if (!files.has(item.r2_key)) {
      files.set(item.r2_key, {
        path: speechFile(item),
        key: item.r2_key,
        bytes: item.bytes,
        modified: item.created_at,
      });
    }
  }
  for (const job of jobs) {
    if (job.r2_key) {
      files.set(job.r2_key, { path: recordingFile(job), key: job.r2_key, bytes: job.bytes, modified: job.created_at });
    }
  }
  for (const upload of uploads) {
    if (upload.status === "complete") {
      files.set(upload.r2_key, {
        path: uploadFile(upload),
        key: upload.r2_key,
        bytes: upload.length,
        modified: upload.created_at,
      });
    }
  }
  return [...files.values()];
}

/** The files in zips of at most `limit` bytes each, in order; a file is never split. */
export function zipParts(files: readonly StoredFile[], limit = ZIP_PART_LIMIT): StoredFile[][] {
  const parts: StoredFile[][] = [[]];
  let size = 0;
  for (const file of files) {
    const current = parts.at(-1) ?? [];
    if (current.length > 0 && size + file.bytes > limit) {
      parts.push([file]);
      size = file.bytes;
    } else {
      current.push(file);
      size += file.bytes;
    }
  }
  return parts;
}

/**
 * The files as a zip that is written while it is read: each R2 object is copied in as stored
 * (audio is compressed already), one chunk at a time, so the Worker holds a chunk and the zip's
 * central directory, never a file or the zip. An object gone since it was listed is left out.
 */
export function zipStream(bucket: R2Bucket, files: readonly StoredFile[]): ReadableStream<Uint8Array> {
  let output: ReadableStreamDefaultController<Uint8Array>;
  const zip = new Zip((error, chunk, final) => {
    if (error) return output.error(error);
    if (chunk.length > 0) output.enqueue(chunk);
    if (final) output.close();
  });
  let next = 0;
  let current: { entry: ZipPassThrough; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
    },
    async pull() {
      for (;;) {
        if (!current) {
          const file = files[next++];
          if (!file) return zip.end();
          const object = await bucket.get(file.key);
          if (!object) continue;
          const entry = new ZipPassThrough(file.path);
          entry.mtime = new Date(file.modified);
          zip.add(entry);
          current = { entry, reader: object.body.getReader() };
        }
        const { done, value } = await current.reader.read();
        if (done) {
          current.entry.push(new Uint8Array(0), true);
          current = null;
          continue;
        }
        current.entry.push(value);
        return;
      }
    },
    async cancel() {
      await current?.reader.cancel();
      zip.terminate();
    },
  });
}
