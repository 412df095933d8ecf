import { Hono } from "hono";
import parseRange from "range-parser";
import type { AppEnv } from "../app-env.ts";
import { type AudioItemRow, audioHistory, audioKeyInUse, deleteAudioItem, findOwnAudioItem } from "../audio/store.ts";
import { requireUser } from "../auth/sessions.ts";
import { passGate } from "../auth/tool-gate.ts";
import { ApiError } from "../errors.ts";

/** The user's generated audio: history list, streaming with Range, and deletion. */
export const history = new Hono<AppEnv>();
export const audio = new Hono<AppEnv>();

/** The session check and the list ride in one D1 batch. */
history.get("/", async (c) => {
  const { results } = await passGate(c, null, { with: (db, key) => [audioHistory(db, key)] });
  return c.json({ items: results[0]?.results ?? [] });
});

const notFound = () => new ApiError(404, "not_found", "That audio does not exist or is not yours.");

async function ownItem(db: D1Database, id: string, userId: string): Promise<AudioItemRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound();
  const item = await findOwnAudioItem(db, id, userId);
  if (!item) throw notFound();
  return item;
}

/**
 * One byte range of the file (206), the whole file (200) when there is no Range header or one we
 * cannot read (malformed, or several ranges), and 416 when the range lies wholly past the end.
 */
function requestedRange(
  header: string | undefined,
  size: number,
): { offset: number; length: number } | "whole" | "unsatisfiable" {
  // Only one well-formed range is served; RFC 9110 says an invalid one (such as 10-5) is ignored.
  const single = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!header || !single || (single[1] && single[2] && Number(single[2]) < Number(single[1]))) return "whole";
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return "whole";
  const [range] = ranges;
  return range ? { offset: range.start, length: range.end - range.start + 1 } : "whole";
}

audio.get("/:id", requireUser, async (c) => {
  const item = await ownItem(c.env.DB, c.req.param("id"), c.var.user.id);
  const range = requestedRange(c.req.header("range"), item.bytes);
  if (range === "unsatisfiable") {
    throw new ApiError(416, "range_not_satisfiable", "That byte range is past the end of the audio.", undefined, {
      "content-range": `bytes */${item.bytes}`,
    });
  }
  const object = await c.env.AUDIO.get(item.r2_key, range === "whole" ? {} : { range });
  if (!object) throw notFound();
  const headers = new Headers({
    "content-type": "audio/mpeg",
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
    "content-disposition": `inline; filename="vox-${item.kind}-${item.id.slice(0, 8)}.mp3"`,
  });
  if (range !== "whole") {
    headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("content-length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
});

audio.delete("/:id", requireUser, async (c) => {
  const item = await ownItem(c.env.DB, c.req.param("id"), c.var.user.id);
  await deleteAudioItem(c.env.DB, item.id);
  // Content-addressed objects may back other items (the same text generated again): keep those.
  if (!(await audioKeyInUse(c.env.DB, item.r2_key))) await c.env.AUDIO.delete(item.r2_key);
  return c.json({ message: "Deleted." });
});
