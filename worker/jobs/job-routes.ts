import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits, storageQuotaBytes } from "../billing/contracts/plans.ts";
import { JOB_ROUTERS } from "../contracts/api-paths.ts";
import { byteRange, rangedResponse, rangeNotSatisfiable } from "../core/byte-range.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { withdrawRelease } from "../newsroom/publish.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { isAnalysableMedia } from "../recordings/contracts/media.ts";
import { sendsUploadId } from "../recordings/uploads/json-body.ts";
import { playerMediaUrl } from "../recordings/uploads/media-url.ts";
import { renameSpeakersBody, storedSpeakerNames } from "../transcripts/contracts/transcript.ts";
import { exportFormat, transcriptDownload } from "../transcripts/export.ts";
import { speakerNamesPatch } from "../transcripts/speaker-names.ts";
import { auditRequest, releaseTarget } from "../workspaces/audit.ts";
import type { JobKind } from "./contracts/jobs.ts";
import { deleteJobEverywhere } from "./delete-job.ts";
import { handToJob } from "./intake.ts";
import { utterancesOfJob } from "./job-transcripts.ts";
import { JOB_KIND_CONFIG } from "./kinds.ts";
import { findOwnJobOr404 } from "./own-job.ts";
import { type JobRow, listJobs, renameJobSpeakers } from "./store.ts";
import { JOB_VIEWS, speakerNamesOf } from "./views.ts";

const recordingNotKept = () =>
  new ApiError(
    404,
    "recording_not_kept",
    "The recording was not kept, so it cannot be played. Only its result was saved.",
  );

/** Served as the audio or video type it was stored with and nothing else, so it can never be read as a page. */
const playableType = (row: JobRow) =>
  isAnalysableMedia(row.content_type) ? row.content_type : "application/octet-stream";

/** The job's recording to its owner, with Range (a span 206, outside it 416). */
async function recordingResponse(env: Env, row: JobRow, rangeHeader: string | undefined): Promise<Response> {
  if (!row.r2_key) throw recordingNotKept();
  const range = byteRange(rangeHeader, row.bytes);
  if (range === "unsatisfiable") throw rangeNotSatisfiable(row.bytes);
  const object = await env.AUDIO.get(row.r2_key, range === "whole" ? {} : { range });
  if (!object) throw recordingNotKept();
  const headers = new Headers({
    "content-type": playableType(row),
    "cache-control": "private, no-store",
    "content-disposition": `inline; filename="recording-${row.id.slice(0, 8)}"`,
  });
  return rangedResponse(object.body, range, object.size, headers);
}

/**
 * A job kind's routes: start (handed to the job's intake, which answers 202), list with storage
 * used, poll one, play its recording, delete. Mounted once per kind; what differs is configured in `jobs/kinds.ts` and
 * `jobs/views.ts`. A POST the kind does not take as a job (a small file for the sentiment report,
 * analysed on the spot) falls through to the routes mounted after these.
 */
export function jobRoutes(kind: JobKind): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const config = JOB_KIND_CONFIG[kind];
  const view = JOB_VIEWS[kind];

  const { at } = JOB_ROUTERS[kind];
  const ownJob = (c: Context<AppEnv>) => findOwnJobOr404(c, kind);

  routes.post(at.jobs, (c, next) => (config.file || sendsUploadId(c) ? handToJob(c, kind) : next()));

  routes.get(at.jobs, requireUser, async (c) => {
    const quota = storageQuotaBytes(planLimits(c.var.account.plan));
    const { rows, usedBytes } = await listJobs(c.env.DB, kind, c.var.account.id);
    return c.json({ items: rows.map(view.item), storage: { used_bytes: usedBytes, quota_bytes: quota } });
  });

  routes.get(at.job, requireUser, async (c) => {
    const row = await ownJob(c);
    c.header("cache-control", "no-store");
    return c.json(await view.detail(c.env, row));
  });

  routes.get(at.audio, requireUser, async (c) => recordingResponse(c.env, await ownJob(c), c.req.header("range")));

  /** A media URL the owner's <audio> element streams the recording from, with Range, as it plays. */
  routes.post(at.audioUrl, requireUser, async (c) => {
    const row = await ownJob(c);
    if (!row.r2_key) throw recordingNotKept();
    const origin = new URL(c.req.url).origin;
    const recording = { r2Key: row.r2_key, contentType: playableType(row) };
    const mintedBy = c.var.user.id === c.var.account.id ? null : c.var.user.id;
    return c.json(await playerMediaUrl(c.env, origin, c.var.account.id, recording, mintedBy));
  });

  /** The transcript with speakers and times as a file named after the recording and its day. */
  routes.get(at.transcriptExport, requireUser, async (c) => {
    const format = exportFormat(c.req.query());
    const row = await ownJob(c);
    const utterances = await utterancesOfJob(c.env, row);
    return transcriptDownload(
      format,
      utterances && { title: row.file_name, createdAt: row.created_at, utterances, names: speakerNamesOf(row) },
    );
  });

  /** Names a speaker once for the whole transcript; answers every name the transcript has now. */
  routes.patch(at.speakers, requireUser, jsonBodyLimit, jsonBody(renameSpeakersBody), async (c) => {
    const row = await ownJob(c);
    const patch = speakerNamesPatch(await utterancesOfJob(c.env, row), c.req.valid("json"));
    const names = await renameJobSpeakers(c.env.DB, row, patch);
    if (names === null) throw new ApiError(404, "not_found", config.notFound);
    return c.json({ speaker_names: storedSpeakerNames(names) });
  });

  routes.delete(at.job, requireUser, async (c) => {
    const job = await ownJob(c);
    // A deleted release leaves its newsroom at once, not when the edge cache would let it go.
    await withdrawRelease(c.env.DB, c.var.edgeCache, job.id, job.user_id);
    await deleteJobEverywhere(c, job);
    if (kind === "press_release") {
      const headline = job.text ? releaseHeadline(job.text) : "";
      await auditRequest(c, "release.deleted", releaseTarget(headline, job.file_name));
    }
    return c.json({ message: config.deleted });
  });

  return routes;
}
