import { Hono } from "hono";
import { accountData, accountFileParts } from "../account-export/data.ts";
import { zipStream } from "../account-export/zip.ts";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { exportDay, ZIP_PARTS_HEADER } from "../contracts/account-export.ts";
import { ApiError } from "../errors.ts";
import { DATA_EXPORT_RATE_LIMITS, enforceRateLimit } from "../rate-limit.ts";

/** `/api/account`: the owner's download of everything the account holds (NDPA 2023 access and portability). */
export const account = new Hono<AppEnv>();
account.use("*", requireUser);

account.get("/export", async (c) => {
  await enforceRateLimit(c.env, "exportData", `user:${c.var.user.id}`, DATA_EXPORT_RATE_LIMITS.exportData);
  const now = new Date();
  const data = await accountData(c.env, c.var.user, now);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="vox-data-${exportDay(now)}.json"`,
      "cache-control": "no-store",
    },
  });
});

account.get("/export/files", async (c) => {
  const part = Number(c.req.query("part") ?? "1");
  if (!Number.isInteger(part) || part < 1) {
    throw new ApiError(400, "validation_failed", "part is a whole number from 1", {
      part: ["part is a whole number from 1"],
    });
  }
  await enforceRateLimit(c.env, "exportFiles", `user:${c.var.user.id}`, DATA_EXPORT_RATE_LIMITS.exportFiles);
  const parts = await accountFileParts(c.env.DB, c.var.user.id);
  const files = parts[part - 1];
  if (!files) {
    throw new ApiError(404, "not_found", `Your files fit in ${parts.length} zip${parts.length === 1 ? "" : "s"}.`);
  }
  const suffix = parts.length === 1 ? "" : `-part-${part}-of-${parts.length}`;
  return new Response(zipStream(c.env.AUDIO, files), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="vox-files-${exportDay(new Date())}${suffix}.zip"`,
      "cache-control": "no-store",
      [ZIP_PARTS_HEADER]: String(parts.length),
    },
  });
});
