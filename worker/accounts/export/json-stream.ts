/**
 * JSON written as it is produced, for answers too large to build whole: an array's items can come
 * from an async iterable (a D1 table read a page at a time) and a value can be read only when the
 * writer reaches it (a report in R2). The text is what `JSON.stringify(value, null, 2)` would give
 * for the same data.
 */

/** An array whose items are written as the iterable yields them. */
export class StreamedArray {
  constructor(readonly items: AsyncIterable<unknown>) {}
}

/** A value read only when the writer reaches it, and let go once it is written. */
export class Deferred {
  constructor(readonly read: () => Promise<unknown>) {}
}

/** Text is handed on in chunks of about this size, so a chunk is neither a byte nor a table. */
export const JSON_STREAM_CHUNK_CHARS = 64 * 1024;

/** `value` as pretty-printed JSON, UTF-8, pulled a chunk at a time. */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = write(value, "");
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      while (chunk.length < JSON_STREAM_CHUNK_CHARS) {
        const next = await parts.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether anything inside `value` is written later; a value without such parts is written at once. */
function streams(value: unknown): boolean {
  if (value instanceof StreamedArray || value instanceof Deferred) return true;
  if (Array.isArray(value)) return value.some(streams);
  if (isPlainObject(value)) return Object.values(value).some(streams);
  return false;
}

async function* write(value: unknown, indent: string): AsyncGenerator<string> {
  if (value instanceof Deferred) {
    yield* write(await value.read(), indent);
  } else if (value instanceof StreamedArray) {
    yield* writeItems(value.items, indent);
  } else if (!streams(value)) {
    yield (JSON.stringify(value, null, 2) ?? "null").replaceAll("\n", `\n${indent}`);
  } else if (Array.isArray(value)) {
    yield* writeItems(value, indent);
  } else {
    yield* writeObject(value as Record<string, unknown>, indent);
  }
}

async function* writeItems(items: AsyncIterable<unknown> | Iterable<unknown>, indent: string): AsyncGenerator<string> {
  const inner = `${indent}  `;
  let first = true;
  for await (const item of items) {
    yield `${first ? "[" : ","}\n${inner}`;
    yield* write(item, inner);
    first = false;
  }
  yield first ? "[]" : `\n${indent}]`;
}

async function* writeObject(object: Record<string, unknown>, indent: string): AsyncGenerator<string> {
  const inner = `${indent}  `;
  let first = true;
  for (const [key, item] of Object.entries(object)) {
    // As JSON.stringify does, a member without a value is left out.
    if (item === undefined || typeof item === "function") continue;
    yield `${first ? "{" : ","}\n${inner}${JSON.stringify(key)}: `;
    yield* write(item, inner);
    first = false;
  }
  yield first ? "{}" : `\n${indent}}`;
}
