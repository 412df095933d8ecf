import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits, storageQuotaBytes } from "../billing/contracts/plans.ts";
import { API } from "../contracts/api-paths.ts";
import { batchRows } from "../core/d1.ts";
import { UUID } from "../core/ids.ts";
import { type RecordingUseRow, recordingUsesOf } from "../jobs/store.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { auditRequest } from "../workspaces/audit.ts";
import type { DeletedRecording, Recording, RecordingList, RecordingUse } from "./contracts/recordings.ts";
import { deleteRecording, recordingNotFound } from "./delete-recording.ts";
import { storageUsedBy } from "./storage-used.ts";
import { LISTED_RECORDINGS } from "./store.ts";
import { findOwnUpload, type RecordingRow, recordingsOf } from "./uploads/store.ts";

/**
 * `/api/recordings`: the signed-in user's recordings (finished uploads), each with the jobs that use
 * it, and deleting one with its R2 object. Another account's recording is 404, like one that never
 * existed.
 */
export const recordings = new Hono<AppEnv>();
recordings.use("*", requireUser);

const noStore = { "cache-control": "no-store" };

function use(row: RecordingUseRow): RecordingUse {
  const headline = row.kind === "press_release" && row.text_start ? releaseHeadline(row.text_start) : "";
  return { kind: row.kind, id: row.id, title: headline || null, file_name: row.file_name, status: row.status };
}

function recording(row: RecordingRow, uses: readonly RecordingUseRow[]): Recording {
  const { r2_key: _key, ...fields } = row;
  return { ...fields, used_by: uses.filter((u) => u.upload_id === row.id).map(use) };
}

recordings.get("/", async (c) => {
  const userId = c.var.account.id;
  const [rows, uses, usage] = await batchRows(c.env.DB, [
    recordingsOf(c.env.DB, userId, LISTED_RECORDINGS),
    recordingUsesOf(c.env.DB, userId, LISTED_RECORDINGS),
    storageUsedBy(c.env.DB, userId),
  ]);
  const list: RecordingList = {
    items: rows.map((row) => recording(row, uses)),
    storage: { used_bytes: usage[0]?.used ?? 0, quota_bytes: storageQuotaBytes(planLimits(c.var.account.plan)) },
  };
  return c.json(list, 200, noStore);
});

recordings.delete(API.recordings.at.recording, async (c) => {
  const id = c.req.param("id");
  if (!UUID.test(id)) throw recordingNotFound();
  const recording = await findOwnUpload(c.env.DB, id, c.var.account.id);
  const uses = await deleteRecording(c.env, id, c.var.account.id);
  await auditRequest(c, "recording.deleted", recording?.file_name ?? id);
  const answer: DeletedRecording = { message: "Recording deleted", used_by: uses.map(use) };
  return c.json(answer, 200, noStore);
});
