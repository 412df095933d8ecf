import { Zip, ZipPassThrough } from "fflate";

/*
 * The zip writer of the account's data download. It needs nothing of the Worker but somewhere to
 * read objects from, so `npm run bench:data-download` runs it under Node.
 */

/** One stored file of an account, and where the data download's zip puts it. */
export interface StoredFile {
  /** The file's path inside the zip; the JSON download names it beside the item it belongs to. */
  readonly path: string;
  readonly key: string;
  readonly bytes: number;
  readonly modified: string;
}

/** What the writer reads objects from: R2, or a stand-in for the bench. */
export interface ObjectSource {
  get(key: string): Promise<{ readonly body: ReadableStream<Uint8Array> } | null>;
}

/**
 * A plan may keep 40 GB, so an account's files come in as many zips as they need, each up to this
 * (one larger file, an upload of up to 2 GiB, alone). fflate writes no ZIP64 records, so a zip must
 * stay under 4 GiB; and writing one costs about 5.5 s of CPU per GiB (`npm run bench:data-download`),
 * so 2 GiB keeps a request well inside the Workers Paid plan's default 30 s of CPU.
 */
const ZIP_PART_LIMIT = 2 * 1024 ** 3;

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
export function zipStream(bucket: ObjectSource, files: readonly StoredFile[]): ReadableStream<Uint8Array> {
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
