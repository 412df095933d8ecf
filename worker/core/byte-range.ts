import { ApiError } from "./errors.ts";

/** Bytes `offset` to `offset + length - 1` of the object; R2 takes it as a `range` as it is. */
export interface ByteSpan {
  offset: number;
  length: number;
}

/**
 * What a GET with this Range header gets from an object of `size` bytes, by RFC 9110 §14: the
 * whole object (200), one span of it (206), or nothing (416).
 */
export function byteRange(header: string | undefined, size: number): ByteSpan | "whole" | "unsatisfiable" {
  // A server may ignore Range (§14.2), so anything but one well-formed bytes range gets the whole
  // object: another unit, several ranges, text that does not parse.
  const single = header ? /^bytes=(\d*)-(\d*)$/i.exec(header) : null;
  if (!single) return "whole";
  const [, first = "", last = ""] = single;
  if (first === "") {
    if (last === "") return "whole";
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    // A suffix longer than the object selects all of it (§14.1.3); an empty object has no byte a
    // Content-Range could name, so it is sent whole.
    if (size === 0) return "whole";
    const offset = Math.max(0, size - suffix);
    return { offset, length: size - offset };
  }
  const offset = Number(first);
  // A last position before the first makes the range invalid, not unsatisfiable (§14.1.1).
  if (last !== "" && Number(last) < offset) return "whole";
  if (offset >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { offset, length: end - offset + 1 };
}

/** 416, naming the size so the client can ask again for what exists (§15.5.17). */
export function rangeNotSatisfiable(size: number): ApiError {
  return new ApiError(416, "range_not_satisfiable", "That byte range lies outside the file.", undefined, {
    "content-range": `bytes */${size}`,
  });
}

/** The object's body as `byteRange` chose: 206 with Content-Range for a span, else 200. */
export function rangedResponse(
  body: ReadableStream,
  range: ByteSpan | "whole",
  size: number,
  headers: Headers,
): Response {
  headers.set("accept-ranges", "bytes");
  if (range === "whole") {
    headers.set("content-length", String(size));
    return new Response(body, { headers });
  }
  headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  headers.set("content-length", String(range.length));
  return new Response(body, { status: 206, headers });
}
