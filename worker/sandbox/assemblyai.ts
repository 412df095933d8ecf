import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { takeFault } from "./faults.ts";
import { hear, looksLikeMedia, transcriptOf } from "./speech-corpus.ts";

/**
 * Emulates AssemblyAI's `/v2/upload` and `/v2/transcript` with its `authorization` key header
 * and `{error}` answers. A transcript is `queued` when created, `processing` on the first poll and
 * `completed` (or `error`, for a file that is not audio) from the second, like the real service.
 */
export const sandboxAssemblyAi = new Hono<AppEnv>();

const assemblyError = (status: number, error: string) => Response.json({ error }, { status });

sandboxAssemblyAi.use("/v2/*", async (c, next) => {
  if (c.req.header("authorization") !== sandboxKey("assemblyai")) {
    return assemblyError(401, "Authentication error, API token missing/invalid");
  }
  await next();
});

const UPLOAD_PATH = "/__sandbox/assemblyai/uploads/";

sandboxAssemblyAi.post("/v2/upload", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-upload");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this upload.");
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) return assemblyError(400, "Upload is empty");
  const id = crypto.randomUUID();
  // Text is decided at upload; an empty text marks a file that is not audio.
  const text = looksLikeMedia(bytes) ? transcriptOf(hear(bytes)) : "";
  await c.env.DB.prepare("INSERT INTO sandbox_assemblyai_uploads (id, bytes, text, created_at) VALUES (?, ?, ?, ?)")
    .bind(id, bytes.length, text, new Date().toISOString())
    .run();
  return c.json({ upload_url: `${new URL(c.req.url).origin}${UPLOAD_PATH}${id}` });
});

interface TranscriptRow {
  id: string;
  upload_id: string;
  status: "queued" | "processing" | "completed" | "error";
  polls: number;
  error: string | null;
  text: string;
}

const transcriptBody = z.object({ audio_url: z.url() });

function transcriptJson(row: TranscriptRow, audioUrl: string) {
  return {
    id: row.id,
    status: row.status,
    audio_url: audioUrl,
    language_code: "en",
    text: row.status === "completed" ? row.text : null,
    error: row.status === "error" ? row.error : undefined,
  };
}

sandboxAssemblyAi.post("/v2/transcript", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-transcript");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const body = transcriptBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return assemblyError(400, "audio_url is required and must be a URL");
  const uploadId = new URL(body.data.audio_url).pathname.split(UPLOAD_PATH)[1] ?? "";
  const upload = await c.env.DB.prepare("SELECT text FROM sandbox_assemblyai_uploads WHERE id = ?")
    .bind(uploadId)
    .first<{ text: string }>();
  if (!upload) return assemblyError(400, "Download error, unable to download audio_url");
  const row: TranscriptRow = {
    id: crypto.randomUUID(),
    upload_id: uploadId,
    status: "queued",
    polls: 0,
    error: upload.text ? null : "Transcoding failed. File does not appear to contain audio.",
    text: upload.text,
  };
  await c.env.DB.prepare(
    "INSERT INTO sandbox_assemblyai_transcripts (id, upload_id, status, polls, error, created_at) VALUES (?, ?, ?, 0, ?, ?)",
  )
    .bind(row.id, uploadId, row.status, row.error, new Date().toISOString())
    .run();
  return c.json(transcriptJson(row, body.data.audio_url));
});

sandboxAssemblyAi.get("/v2/transcript/:id", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-poll");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const row = await c.env.DB.prepare(
    `UPDATE sandbox_assemblyai_transcripts SET polls = polls + 1,
       status = CASE WHEN polls + 1 >= 2 THEN (CASE WHEN error IS NULL THEN 'completed' ELSE 'error' END) ELSE 'processing' END
     WHERE id = ?
     RETURNING id, upload_id, status, polls, error,
       (SELECT text FROM sandbox_assemblyai_uploads WHERE sandbox_assemblyai_uploads.id = upload_id) AS text`,
  )
    .bind(c.req.param("id"))
    .first<TranscriptRow>();
  if (!row) return assemblyError(404, "Transcript not found");
  return c.json(transcriptJson(row, `${new URL(c.req.url).origin}${UPLOAD_PATH}${row.upload_id}`));
});

/** Like the real service, deletion keeps a stub: text and audio URL are replaced, status stays. */
sandboxAssemblyAi.delete("/v2/transcript/:id", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-delete");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const row = await c.env.DB.prepare(
    `UPDATE sandbox_assemblyai_transcripts SET deleted_at = ? WHERE id = ?
     RETURNING id, upload_id, status, polls, error, 'Deleted by user.' AS text`,
  )
    .bind(new Date().toISOString(), c.req.param("id"))
    .first<TranscriptRow>();
  if (!row) return assemblyError(404, "Transcript not found");
  await c.env.DB.prepare("UPDATE sandbox_assemblyai_uploads SET text = 'Deleted by user.' WHERE id = ?")
    .bind(row.upload_id)
    .run();
  return c.json({ ...transcriptJson(row, "http://deleted_by_user"), text: "Deleted by user." });
});
