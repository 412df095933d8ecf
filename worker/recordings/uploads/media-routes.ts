import { Hono } from "hono";
import { sha256Hex } from "../../accounts/tokens.ts";
import type { AppEnv } from "../../app-env.ts";
import { API } from "../../contracts/api-paths.ts";
import { type ByteSpan, byteRange, rangedResponse, rangeNotSatisfiable } from "../../core/byte-range.ts";
import { ApiError } from "../../core/errors.ts";
import { findLiveMediaGrant } from "./media-grants.ts";

/** What a media URL (`media-url.ts`) opens: the one recording its grant names, with Range, until it expires. */
export const media = new Hono<AppEnv>();

const gone = () => new ApiError(404, "not_found", "This media link is unknown or has expired.");

media.get(API.media.at.link, async (c) => {
  const token = c.req.param("token");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw gone();
  const grant = await findLiveMediaGrant(c.env.DB, await sha256Hex(token), new Date().toISOString());
  if (!grant) throw gone();
  const header = c.req.header("range");
  let range: ByteSpan | "whole" = "whole";
  if (header) {
    // The grant does not record the size a range is judged against, so a Range request asks R2
    // for it first (head, then get); a plain GET stays one read. Providers ask for megabytes at a
    // time, so the extra round trip is small next to the bytes it precedes.
    const head = await c.env.AUDIO.head(grant.r2_key);
    if (!head) throw gone();
    const requested = byteRange(header, head.size);
    if (requested === "unsatisfiable") throw rangeNotSatisfiable(head.size);
    range = requested;
  }
  const object = await c.env.AUDIO.get(grant.r2_key, range === "whole" ? {} : { range });
  if (!object) throw gone();
  const headers = new Headers({ "content-type": grant.content_type, "cache-control": "private, no-store" });
  return rangedResponse(object.body, range, object.size, headers);
});
