/**
 * What the sandbox speech providers learn from a recording without ever holding it: its first and
 * last bytes (the container header and an end sample), its size and, where the provider reports it,
 * the SHA-256 of all of it. Recordings run to 2 GiB, so bodies are read as streams and media URLs
 * in Range windows; at most one window and the two edge samples are in memory at a time.
 */

export interface MediaProbe {
  /** The first `EDGE_BYTES` (or all, if shorter). */
  readonly head: Uint8Array;
  /** The last `EDGE_BYTES` (or all, if shorter). */
  readonly tail: Uint8Array;
  readonly size: number;
  /** Hex SHA-256 of every byte, when asked for. */
  readonly sha256?: string;
}

export type HashedProbe = MediaProbe & { readonly sha256: string };

const EDGE_BYTES = 64 * 1024;
/** The largest Range a provider asks a media URL for at once. */
const RANGE_WINDOW_BYTES = 8 * 1024 * 1024;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Takes chunks in order, keeping only the edges, the count and the running hash. */
class ProbeBuilder {
  private head: Uint8Array = new Uint8Array(0);
  private tail: Uint8Array = new Uint8Array(0);
  private size = 0;
  private readonly digest: DigestStream | null;
  private readonly hashWriter: WritableStreamDefaultWriter<ArrayBufferView> | null;

  constructor(hash: boolean) {
    this.digest = hash ? new crypto.DigestStream("SHA-256") : null;
    this.hashWriter = this.digest?.getWriter() ?? null;
  }

  async add(chunk: Uint8Array): Promise<void> {
    if (chunk.length === 0) return;
    this.size += chunk.length;
    if (this.head.length < EDGE_BYTES) this.head = concat(this.head, chunk.subarray(0, EDGE_BYTES - this.head.length));
    this.tail = chunk.length >= EDGE_BYTES ? chunk.slice(-EDGE_BYTES) : concat(this.tail, chunk).slice(-EDGE_BYTES);
    await this.hashWriter?.write(chunk);
  }

  async addStream(stream: ReadableStream<Uint8Array> | null): Promise<void> {
    if (!stream) return;
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) await this.add(read.value);
  }

  async finish(edges?: { tail: Uint8Array; size: number }): Promise<MediaProbe> {
    let sha256: string | undefined;
    if (this.hashWriter && this.digest) {
      await this.hashWriter.close();
      sha256 = hex(await this.digest.digest);
    }
    return {
      head: this.head,
      tail: edges?.tail ?? this.tail,
      size: edges?.size ?? this.size,
      ...(sha256 ? { sha256 } : {}),
    };
  }
}

/** A request or upload body, read chunk by chunk. */
export async function probeStream(
  stream: ReadableStream<Uint8Array> | null,
  options: { hash: true },
): Promise<HashedProbe>;
export async function probeStream(
  stream: ReadableStream<Uint8Array> | null,
  options: { hash: false },
): Promise<MediaProbe>;
export async function probeStream(
  stream: ReadableStream<Uint8Array> | null,
  options: { hash: boolean },
): Promise<MediaProbe> {
  const builder = new ProbeBuilder(options.hash);
  await builder.addStream(stream);
  return builder.finish();
}

export class MediaFetchError extends Error {
  constructor(readonly status: number) {
    super(`the media URL answered ${status}`);
  }
}

/** `bytes a-b/total` → total; null when the answer is not a byte range of a known length. */
function rangeTotal(response: Response): number | null {
  const match = /^bytes \d+-\d+\/(\d+)$/.exec(response.headers.get("content-range") ?? "");
  return response.status === 206 && match ? Number(match[1]) : null;
}

/**
 * A media URL, fetched as the providers fetch large media: in Range windows. With `whole`, every
 * byte is read (and hashed, window by window); without, only the two edges are, and the size comes
 * from `Content-Range`. A server that ignores Range is read as one stream.
 */
export async function probeUrl(
  fetchMedia: (request: Request) => Promise<Response>,
  url: URL,
  options: { whole: true; userAgent: string },
): Promise<HashedProbe>;
export async function probeUrl(
  fetchMedia: (request: Request) => Promise<Response>,
  url: URL,
  options: { whole: false; userAgent: string },
): Promise<MediaProbe>;
export async function probeUrl(
  fetchMedia: (request: Request) => Promise<Response>,
  url: URL,
  options: { whole: boolean; userAgent: string },
): Promise<MediaProbe> {
  const get = async (from: number, to: number) => {
    const response = await fetchMedia(
      new Request(url, { headers: { "user-agent": options.userAgent, range: `bytes=${from}-${to}` } }),
    );
    if (!response.ok) {
      await response.body?.cancel();
      throw new MediaFetchError(response.status);
    }
    return response;
  };
  const builder = new ProbeBuilder(options.whole);
  const first = await get(0, (options.whole ? RANGE_WINDOW_BYTES : EDGE_BYTES) - 1);
  const total = rangeTotal(first);
  await builder.addStream(first.body);
  if (total === null) return builder.finish();
  if (options.whole) {
    for (let offset = RANGE_WINDOW_BYTES; offset < total; offset += RANGE_WINDOW_BYTES) {
      await builder.addStream((await get(offset, Math.min(offset + RANGE_WINDOW_BYTES, total) - 1)).body);
    }
    return builder.finish();
  }
  if (total <= EDGE_BYTES) return builder.finish();
  const end = await get(total - EDGE_BYTES, total - 1);
  return builder.finish({ tail: new Uint8Array(await end.arrayBuffer()), size: total });
}
