import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { requireTool } from "../billing/tool-gate.ts";
import { API, pathOf } from "../contracts/api-paths.ts";
import type { Language } from "../contracts/languages.ts";
import { ApiError } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit, limitBody } from "../core/validate.ts";
import { startJob } from "../jobs/lifecycle.ts";
import { findOwnFinishedRelease } from "../jobs/own-job.ts";
import type { JobRow } from "../jobs/store.ts";
import { purgeEditedRelease } from "../newsroom/publish.ts";
import { type Letterhead, letterheadOf } from "../organisation/contracts/letterhead.ts";
import { organisationOf } from "../organisation/store.ts";
import { auditEditOf, auditEditRequest, releaseTarget } from "../workspaces/audit.ts";
import { COVERAGE_PER_RELEASE, type CoverageList, coverageBody } from "./contracts/coverage.ts";
import {
  type ReleaseExportFormat,
  releaseExportQuery,
  releaseTextBody,
  releaseVersionsQuery,
  translatedTextBody,
} from "./contracts/press-releases.ts";
import { releaseFileName, releaseHeadline, releasePlainText } from "./contracts/release-markdown.ts";
import { pickHeadlineBody, regenerateBody } from "./contracts/release-options.ts";
import { coverageOf, logCoverage, removeCoverage } from "./coverage.ts";
import { RELEASE_DOCUMENT_TYPES, releaseDocument } from "./export/release-document.ts";
import {
  findRegeneration,
  insertRegeneration,
  keptSource,
  regenerationView,
  TRANSCRIPT_NOT_KEPT,
} from "./regenerations.ts";
import { keptHeadlines, replaceHeadline } from "./release-headlines.ts";
import { releaseVersions, saveReleaseText, saveTranslatedText, translatedVersions } from "./release-versions.ts";

/**
 * A finished press release, mounted after the routes every job kind shares (`jobs/job-routes.ts`:
 * submit, list, one job, delete): save an edit (`PATCH`, a new version), its versions, and exports
 * as DOCX, PDF, plain text and Markdown (restoring a version is saving its text again), and the same
 * three for its copy in the recording's language, when it has one; writing it
 * again from its kept transcript with a tone, length, audience and embargo (a job of the one engine:
 * 202, then polled); and picking one of its alternative headlines. Each leaves the previous text as
 * a version that can be restored.
 */
export const pressReleases = new Hono<AppEnv>();

/** An edit may be larger than the usual 16 KiB JSON body; the schema caps the text itself. */
const RELEASE_BODY_LIMIT_BYTES = 256 * 1024;

pressReleases.patch(
  API.pressReleases.at.job,
  requireUser,
  limitBody(RELEASE_BODY_LIMIT_BYTES),
  jsonBody(releaseTextBody),
  async (c) => {
    const release = await findOwnFinishedRelease(c);
    await limitWrite(c, "releaseEdit");
    const { text, headlines } = c.req.valid("json");
    const saved = await saveReleaseText(c.env.DB, release, text, new Date().toISOString(), {
      headlines,
      recorded: [releaseEdited(c, release, text)],
    });
    await purgeEditedRelease(c.env.DB, c.var.edgeCache, release.id, release.user_id);
    return c.json({ text, saved }, 200, { "cache-control": "no-store" });
  },
);

/** The log's entry for an edit of `release` that leaves it with `text` (named by its new headline). */
function releaseEdited(c: Context<AppEnv>, release: JobRow, text: string): D1PreparedStatement {
  return auditEditOf(c, "release.edited", releaseTarget(releaseHeadline(text), release.file_name), release.id);
}

/** The copy in the recording's language of the caller's finished release; 404 when it was not asked for. */
async function findOwnTranslatedRelease(
  c: Context<AppEnv>,
): Promise<JobRow & { text: string; translated_text: string }> {
  const release = await findOwnFinishedRelease(c);
  const translated = release.translated_text;
  if (translated === null) {
    throw new ApiError(404, "no_translation", "This release has no copy in the recording's language.");
  }
  return { ...release, translated_text: translated };
}

function versionsQuery(c: Context<AppEnv>) {
  const query = releaseVersionsQuery.safeParse(c.req.query());
  if (!query.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of query.error.issues) {
      const field = String(issue.path[0] ?? "query");
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new ApiError(400, "validation_failed", query.error.issues[0]?.message ?? "Invalid query", errors);
  }
  return query.data;
}

pressReleases.get(API.pressReleases.at.versions, requireUser, async (c) => {
  const query = versionsQuery(c);
  const release = await findOwnFinishedRelease(c);
  return c.json(await releaseVersions(c.env.DB, release, query), 200, { "cache-control": "no-store" });
});

/** The copy in the recording's language is saved and versioned like the English text, under the same rate. */
pressReleases.patch(
  API.pressReleases.at.translation,
  requireUser,
  limitBody(RELEASE_BODY_LIMIT_BYTES),
  jsonBody(translatedTextBody),
  async (c) => {
    const release = await findOwnTranslatedRelease(c);
    await limitWrite(c, "releaseEdit");
    const { text } = c.req.valid("json");
    const saved = await saveTranslatedText(c.env.DB, release, text, new Date().toISOString(), [
      releaseEdited(c, release, release.text),
    ]);
    return c.json({ text, saved }, 200, { "cache-control": "no-store" });
  },
);

pressReleases.get(API.pressReleases.at.translationVersions, requireUser, async (c) => {
  const query = versionsQuery(c);
  const release = await findOwnTranslatedRelease(c);
  return c.json(await translatedVersions(c.env.DB, release, query), 200, { "cache-control": "no-store" });
});

const EXPORTS = {
  md: { type: "text/markdown; charset=utf-8", body: (text: string) => text },
  txt: { type: "text/plain; charset=utf-8", body: releasePlainText },
  docx: {
    type: RELEASE_DOCUMENT_TYPES.docx,
    body: async (text: string, letterhead: () => Promise<Letterhead | null>) =>
      releaseDocument("docx", text, await letterhead()),
  },
  pdf: {
    type: RELEASE_DOCUMENT_TYPES.pdf,
    body: async (text: string, letterhead: () => Promise<Letterhead | null>) =>
      releaseDocument("pdf", text, await letterhead()),
  },
} as const satisfies Record<ReleaseExportFormat, unknown>;

function exportFormat(c: Context<AppEnv>): ReleaseExportFormat {
  const query = releaseExportQuery.safeParse(c.req.query());
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? "format is one of docx, pdf, txt, md";
    throw new ApiError(400, "validation_failed", message, { format: [message] });
  }
  return query.data.format;
}

/**
 * A copy's export, named by `releaseFileName` as the site names it (a translated copy names its
 * language). Only the documents carry the press kit's letterhead, so only they read it.
 */
async function exported(
  format: ReleaseExportFormat,
  text: string,
  createdAt: string,
  letterhead: () => Promise<Letterhead | null>,
  language?: Language,
) {
  const { type, body } = EXPORTS[format];
  const name = releaseFileName(text, createdAt, format, language);
  return new Response(await body(text, letterhead), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}

const letterheadFor = (c: Context<AppEnv>, userId: string) => async () =>
  letterheadOf(await organisationOf(c.env.DB, userId));

pressReleases.get(API.pressReleases.at.export, requireUser, async (c) => {
  const format = exportFormat(c);
  const release = await findOwnFinishedRelease(c);
  return exported(format, release.text, release.created_at, letterheadFor(c, release.user_id));
});

pressReleases.get(API.pressReleases.at.translationExport, requireUser, async (c) => {
  const format = exportFormat(c);
  const release = await findOwnTranslatedRelease(c);
  return exported(
    format,
    release.translated_text,
    release.created_at,
    letterheadFor(c, release.user_id),
    release.language,
  );
});

/** Writing again is a call to the writer, so it passes the tool's gate and counts against its allowance. */
pressReleases.post(
  API.pressReleases.at.regenerate,
  requireTool("pressRelease"),
  jsonBodyLimit,
  jsonBody(regenerateBody),
  async (c) => {
    const release = await findOwnFinishedRelease(c);
    const options = c.req.valid("json");
    const readable =
      (await keptSource(c.env.DB, release.id)) !== null || (release.language === "en" && release.provider_ref);
    if (!readable) throw new ApiError(409, "transcript_not_kept", TRANSCRIPT_NOT_KEPT);
    const id = crypto.randomUUID();
    if (!(await insertRegeneration(c.env.DB, { id, jobId: release.id, userId: release.user_id, options }))) {
      throw new ApiError(409, "regenerating", "This release is already being written again. Wait for it to finish.");
    }
    await startJob(c.env, {
      kind: "press_release",
      id: release.id,
      r2Key: "",
      contentType: release.content_type,
      origin: new URL(c.req.url).origin,
      byUrl: true,
      startedAt: Date.now(),
      language: release.language,
      // A release that has a copy in the recording's language gets a new copy of the new text.
      alsoInLanguage: release.translated_text !== null,
      regeneration: { id, ...options },
    });
    // The person who asked is known only here: the new text is saved later, by the job.
    await auditEditRequest(
      c,
      "release.edited",
      releaseTarget(releaseHeadline(release.text), release.file_name),
      release.id,
    );
    const path = pathOf(API.pressReleases.path.regeneration, { id: release.id, regenerationId: id });
    return c.json({ id, status: "queued" as const }, 202, { location: path, "cache-control": "no-store" });
  },
);

pressReleases.get(API.pressReleases.at.regeneration, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  const id = c.req.param("regenerationId");
  const row = UUID.test(id) ? await findRegeneration(c.env.DB, id, release.id) : null;
  if (!row) throw new ApiError(404, "not_found", "That regeneration does not exist or is not yours.");
  return c.json(regenerationView(row), 200, { "cache-control": "no-store" });
});

/**
 * The picked headline swaps places with the current one, so the release still has its alternatives.
 * It saves a version as an edit does, so it counts against the same hourly rate.
 */
pressReleases.post(API.pressReleases.at.headline, requireUser, jsonBodyLimit, jsonBody(pickHeadlineBody), async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "releaseEdit");
  const { headline } = c.req.valid("json");
  const alternatives = keptHeadlines(release.headlines);
  if (!alternatives.includes(headline)) {
    const message = "Choose one of the release's alternative headlines";
    throw new ApiError(400, "validation_failed", message, { headline: [message] });
  }
  const current = releaseHeadline(release.text);
  const headlines = alternatives
    .map((alternative) => (alternative === headline ? current : alternative))
    .filter(Boolean);
  const text = replaceHeadline(release.text, headline);
  await saveReleaseText(c.env.DB, release, text, new Date().toISOString(), {
    headlines,
    recorded: [releaseEdited(c, release, text)],
  });
  await purgeEditedRelease(c.env.DB, c.var.edgeCache, release.id, release.user_id);
  return c.json({ text, headlines }, 200, { "cache-control": "no-store" });
});

/** The release's coverage log: where it ran, as the account records it. */
pressReleases.get(API.pressReleases.at.coverage, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  const answer: CoverageList = { items: await coverageOf(c.env.DB, release.id) };
  return c.json(answer, 200, { "cache-control": "no-store" });
});

pressReleases.post(API.pressReleases.at.coverage, requireUser, jsonBodyLimit, jsonBody(coverageBody), async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "releaseEdit");
  const result = await logCoverage(
    c.env.DB,
    release.id,
    release.user_id,
    c.req.valid("json"),
    new Date().toISOString(),
  );
  if ("logged" in result) return c.json(result.logged, 201, { "cache-control": "no-store" });
  if (result.refused === "duplicate") {
    const message = "This address is already in the release's coverage";
    throw new ApiError(409, "coverage_exists", message, { url: [message] });
  }
  throw new ApiError(
    409,
    "coverage_full",
    `A release keeps at most ${COVERAGE_PER_RELEASE} pieces of coverage; remove one to add another.`,
  );
});

pressReleases.delete(API.pressReleases.at.coverageItem, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "releaseEdit");
  const id = c.req.param("coverageId");
  if (!UUID.test(id) || !(await removeCoverage(c.env.DB, release.id, id))) {
    throw new ApiError(404, "not_found", "This release has no such coverage.");
  }
  return c.json({ message: "Coverage removed" }, 200, { "cache-control": "no-store" });
});
