import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { passGate } from "../billing/tool-gate.ts";
import { API } from "../contracts/api-paths.ts";
import { byteRange, rangedResponse, rangeNotSatisfiable } from "../core/byte-range.ts";
import { ApiError } from "../core/errors.ts";
import { type AudioItemRow, audioHistory, audioKeyInUse, deleteAudioItem, findOwnAudioItem } from "./store.ts";

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

audio.get(API.audio.at.item, requireUser, async (c) => {
  const item = await ownItem(c.env.DB, c.req.param("id"), c.var.account.id);
  // The history row records the size, so the range is settled before the one R2 read.
  const range = byteRange(c.req.header("range"), item.bytes);
  if (range === "unsatisfiable") throw rangeNotSatisfiable(item.bytes);
  const object = await c.env.AUDIO.get(item.r2_key, range === "whole" ? {} : { range });
  if (!object) throw notFound();
  const headers = new Headers({
    "content-type": "audio/mpeg",
    "cache-control": "private, max-age=3600",
    "content-disposition": `inline; filename="vox-${item.kind}-${item.id.slice(0, 8)}.mp3"`,
  });
  return rangedResponse(object.body, range, object.size, headers);
});

audio.delete(API.audio.at.item, requireUser, async (c) => {
  const item = await ownItem(c.env.DB, c.req.param("id"), c.var.account.id);
  await deleteAudioItem(c.env.DB, item.id);
  // Content-addressed objects may back other items (the same text generated again): keep those.
  if (!(await audioKeyInUse(c.env.DB, item.r2_key))) await c.env.AUDIO.delete(item.r2_key);
  return c.json({ message: "Deleted." });
});
