import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, limitBody } from "../core/validate.ts";
import { findOwnFinishedRelease } from "../jobs/own-job.ts";
import {
  type ReleaseExportFormat,
  releaseExportQuery,
  releaseTextBody,
  releaseVersionsQuery,
} from "./contracts/press-releases.ts";
import { releaseBlocks, releaseFileName, releaseHeadline, releasePlainText } from "./contracts/release-markdown.ts";
import { releaseVersions, saveReleaseText } from "./release-versions.ts";

/**
 * A finished press release's editing: save an edit (`PATCH`, a new version), its versions, and
 * exports as DOCX, PDF, plain text and Markdown. Restoring a version is saving its text again.
 */
export const pressReleaseEditing = new Hono<AppEnv>();

/** An edit may be larger than the usual 16 KiB JSON body; the schema caps the text itself. */
const RELEASE_BODY_LIMIT_BYTES = 256 * 1024;

pressReleaseEditing.patch(
  "/:id",
  requireUser,
  limitBody(RELEASE_BODY_LIMIT_BYTES),
  jsonBody(releaseTextBody),
  async (c) => {
    const release = await findOwnFinishedRelease(c);
    await limitWrite(c, "releaseEdit");
    const { text, headlines } = c.req.valid("json");
    const saved = await saveReleaseText(c.env.DB, release, text, new Date().toISOString(), headlines);
    return c.json({ text, saved }, 200, { "cache-control": "no-store" });
  },
);

pressReleaseEditing.get("/:id/versions", requireUser, async (c) => {
  const query = releaseVersionsQuery.safeParse(c.req.query());
  if (!query.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of query.error.issues) {
      const field = String(issue.path[0] ?? "query");
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new ApiError(400, "validation_failed", query.error.issues[0]?.message ?? "Invalid query", errors);
  }
  const release = await findOwnFinishedRelease(c);
  return c.json(await releaseVersions(c.env.DB, release, query.data), 200, { "cache-control": "no-store" });
});

const EXPORTS = {
  md: { type: "text/markdown; charset=utf-8", body: (text: string) => text },
  txt: { type: "text/plain; charset=utf-8", body: releasePlainText },
  // The document libraries are loaded only when such an export is asked for, so they cost
  // every other request nothing.
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    body: async (text: string) =>
      (await import("./export/docx.ts")).releaseDocx(releaseBlocks(text), releaseHeadline(text)),
  },
  pdf: {
    type: "application/pdf",
    body: async (text: string) =>
      (await import("./export/pdf.ts")).releasePdf(releaseBlocks(text), releaseHeadline(text)),
  },
} as const satisfies Record<ReleaseExportFormat, unknown>;

pressReleaseEditing.get("/:id/export", requireUser, async (c) => {
  const query = releaseExportQuery.safeParse(c.req.query());
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? "format is one of docx, pdf, txt, md";
    throw new ApiError(400, "validation_failed", message, { format: [message] });
  }
  const { format } = query.data;
  const release = await findOwnFinishedRelease(c);
  const { type, body } = EXPORTS[format];
  const name = releaseFileName(release.text, release.created_at, format);
  return new Response(await body(release.text), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
});
