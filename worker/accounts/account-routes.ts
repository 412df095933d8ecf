import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { API, pathOf } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { DATA_EXPORT_RATE_LIMITS, enforceRateLimit, GRANT_CAPS, GRANT_RATE_LIMITS } from "../core/rate-limit.ts";
import { auditNow } from "../workspaces/audit.ts";
import { exportDay, FILES_LINK_TTL_MS, filesZipName, ZIP_PARTS_HEADER } from "./contracts/account-export.ts";
import { accountExport, accountFileParts } from "./export/data.ts";
import { downloadGrantOwner, insertDownloadGrant } from "./export/download-grants.ts";
import { zipStream } from "./export/zip.ts";
import { requireUser } from "./sessions.ts";
import { isoIn, randomToken, sha256Hex } from "./tokens.ts";

/** `/api/account`: the owner's download of everything the account holds (NDPA 2023 access and portability). */
export const account = new Hono<AppEnv>();
account.use("*", requireUser);

account.get(API.account.at.export, async (c) => {
  await enforceRateLimit(c.env, "exportData", `user:${c.var.user.id}`, DATA_EXPORT_RATE_LIMITS.exportData);
  const now = new Date();
  const body = await accountExport(c.env, c.var.user, now);
  await auditNow(c.env.DB, c.var.user.id, c.var.user, "data.exported", "all of the workspace's data");
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="vox-data-${exportDay(now)}.json"`,
      "cache-control": "no-store",
    },
  });
});

const partQuery = (value: string | undefined) => {
  const part = Number(value ?? "1");
  if (!Number.isInteger(part) || part < 1) {
    throw new ApiError(400, "validation_failed", "part is a whole number from 1", {
      part: ["part is a whole number from 1"],
    });
  }
  return part;
};

/** Zip `part` of the user's stored files, streamed from R2 as it is written; 10 an hour. */
async function filesZip(env: Env, userId: string, part: number): Promise<Response> {
  await enforceRateLimit(env, "exportFiles", `user:${userId}`, DATA_EXPORT_RATE_LIMITS.exportFiles);
  const parts = await accountFileParts(env.DB, userId);
  const files = parts[part - 1];
  if (!files) {
    throw new ApiError(404, "not_found", `Your files fit in ${parts.length} zip${parts.length === 1 ? "" : "s"}.`);
  }
  return new Response(zipStream(env.AUDIO, files), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filesZipName(exportDay(new Date()), part, parts.length)}"`,
      "cache-control": "no-store",
      [ZIP_PARTS_HEADER]: String(parts.length),
    },
  });
}

account.get(API.account.at.exportFiles, async (c) => filesZip(c.env, c.var.user.id, partQuery(c.req.query("part"))));

/**
 * Links to the zips that the browser downloads itself, streamed to disk: a page that fetched them
 * would hold up to 2 GiB a zip in memory, which a phone cannot. One random token opens every part
 * for an hour; D1 keeps only its hash. `GRANT_RATE_LIMITS.filesLink` a window, the newest
 * `GRANT_CAPS.filesLinks` open; a password reset or change revokes them all.
 */
account.post(API.account.at.exportFilesLinks, async (c) => {
  const userId = c.var.user.id;
  await enforceRateLimit(c.env, "filesLink", `user:${userId}`, GRANT_RATE_LIMITS.filesLink);
  const parts = await accountFileParts(c.env.DB, userId);
  // One empty zip is what the files are when there are none: say so instead of linking to it.
  if (parts.flat().length === 0) {
    throw new ApiError(404, "no_files", "Your account has no stored files to download yet.");
  }
  const token = randomToken();
  const now = new Date();
  const expiresAt = isoIn(FILES_LINK_TTL_MS, now.getTime());
  await insertDownloadGrant(c.env.DB, { tokenHash: await sha256Hex(token), userId, expiresAt }, GRANT_CAPS.filesLinks);
  const origin = new URL(c.req.url).origin;
  const day = exportDay(now);
  return c.json(
    {
      expires_at: expiresAt,
      files: parts.map((_, index) => ({
        part: index + 1,
        url: `${origin}${pathOf(API.downloads.path.part, { token, part: String(index + 1) })}`,
        file_name: filesZipName(day, index + 1, parts.length),
      })),
    },
    200,
    { "cache-control": "no-store" },
  );
});

/** `/api/downloads/<token>/<part>`: a files link, opened without the bearer token by the browser's own download. */
export const downloads = new Hono<AppEnv>();

downloads.get(API.downloads.at.part, async (c) => {
  const token = c.req.param("token");
  const gone = new ApiError(
    404,
    "not_found",
    "This download link is unknown or has expired. Ask for a new one in Settings.",
  );
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw gone;
  const userId = await downloadGrantOwner(c.env.DB, await sha256Hex(token), new Date().toISOString());
  if (!userId) throw gone;
  return filesZip(c.env, userId, partQuery(c.req.param("part")));
});
