/**
 * A refusal sent while the client is still sending its body must not close the connection under
 * it, or the client sees a reset (ECONNRESET, EPIPE) instead of the answer. The runtime drains a
 * body nobody touched by itself; once a route has started reading one, the route must read the rest
 * before it answers (reads are refused once the answer has gone). So what is left is read and
 * dropped, up to `REFUSED_BODY_DRAIN_BYTES`: past that the client is sending far more than any
 * request of the product holds, and its connection is closed.
 */
const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

export async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      dropped += chunk.value.byteLength;
      if (dropped > REFUSED_BODY_DRAIN_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client is gone: there is nobody left to answer.
  }
}

/**
 * The whole body, or `refusal` once more than `limit` bytes have come: the rest is read and dropped
 * first, so the client reads the refusal, and no more than `limit` bytes are ever held.
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, limit: number, refusal: () => Error): Promise<Blob> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      await dropRest(reader);
      throw refusal();
    }
    parts.push(chunk.value);
  }
  return new Blob(parts);
}
