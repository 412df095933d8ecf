import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { isFinished, type JobKind } from "../contracts/jobs.ts";
import { planLimits, storageQuotaBytes } from "../contracts/plans.ts";
import type { DeletedRecording, Recording, RecordingList, RecordingUse } from "../contracts/recordings.ts";
import { releaseHeadline } from "../contracts/release-markdown.ts";
import { batchRows } from "../d1.ts";
import { ApiError } from "../errors.ts";
import {
  deleteRecordingRow,
  findOwnRecording,
  type RecordingRow,
  type RecordingUseRow,
  recordingsOf,
  recordingUsesOf,
  storageUsedBy,
  usesOfRecording,
} from "../recordings/store.ts";
import { deleteMediaGrantsFor } from "../uploads/media-grants.ts";
import { tailKey } from "../uploads/store.ts";

/**
 * `/api/recordings`: the signed-in user's recordings (finished uploads), each with the jobs that use
 * it, and deleting one with its R2 object. Another account's recording is 404, like one that never
 * existed.
 */
export const recordings = new Hono<AppEnv>();
recordings.use("*", requireUser);

const noStore = { "cache-control": "no-store" };

const KIND_NAMES: Record<JobKind, string> = { press_release: "a press release", sentiment: "a sentiment report" };

function use(row: RecordingUseRow): RecordingUse {
  const headline = row.kind === "press_release" && row.text_start ? releaseHeadline(row.text_start) : "";
  return { kind: row.kind, id: row.id, title: headline || null, file_name: row.file_name, status: row.status };
}

function recording(row: RecordingRow, uses: readonly RecordingUseRow[]): Recording {
  const { r2_key: _key, ...fields } = row;
  return { ...fields, used_by: uses.filter((u) => u.upload_id === row.id).map(use) };
}

recordings.get("/", async (c) => {
  const userId = c.var.user.id;
  const [rows, uses, usage] = await batchRows(c.env.DB, [
    recordingsOf(c.env.DB, userId),
    recordingUsesOf(c.env.DB, userId),
    storageUsedBy(c.env.DB, userId),
  ]);
  const list: RecordingList = {
    items: rows.map((row) => recording(row, uses)),
    storage: { used_bytes: usage[0]?.used ?? 0, quota_bytes: storageQuotaBytes(planLimits(c.var.user.plan)) },
  };
  return c.json(list, 200, noStore);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new ApiError(404, "not_found", "That recording does not exist or is not yours.");

/**
 * Refused (409) while a job using it is still running, since its provider may be reading the
 * object; the finished ones keep their release or report and no longer have the recording.
 */
recordings.delete("/:id", async (c) => {
  const id = c.req.param("id");
  const userId = c.var.user.id;
  const row = UUID.test(id) ? await findOwnRecording(c.env.DB, id, userId) : null;
  if (!row) throw notFound();
  const uses = await usesOfRecording(c.env.DB, id, userId);
  const r2Key = uses.every((u) => isFinished(u.status)) ? await deleteRecordingRow(c.env.DB, id, userId) : null;
  if (!r2Key) {
    if (!(await findOwnRecording(c.env.DB, id, userId))) throw notFound();
    // Read again: a job may have started on it since the first read.
    const running = (await usesOfRecording(c.env.DB, id, userId)).filter((u) => !isFinished(u.status));
    const names = [...new Set(running.map((u) => KIND_NAMES[u.kind]))].join(" and ") || "a job";
    throw new ApiError(
      409,
      "recording_in_use",
      `This recording is still being used by ${names} that has not finished. Delete it when that is done.`,
    );
  }
  await c.env.AUDIO.delete([r2Key, tailKey(row)]);
  await deleteMediaGrantsFor(c.env.DB, r2Key);
  const answer: DeletedRecording = { message: "Recording deleted", used_by: uses.map(use) };
  return c.json(answer, 200, noStore);
});
