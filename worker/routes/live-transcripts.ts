import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../auth/sessions.ts";
import { renameTranscriptBody } from "../contracts/live.ts";
import { ApiError } from "../errors.ts";
import {
  deleteTranscript,
  findTranscript,
  listTranscripts,
  renameTranscript,
  segmentsAfter,
} from "../live/transcripts.ts";
import { jsonBody, jsonBodyLimit } from "../validate.ts";

/**
 * The user's saved live transcripts: every session is kept, finals stored as they arrived, so a
 * running one can be read too (a reloaded page shows what was said so far).
 */
export const liveTranscripts = new Hono<AppEnv>();

liveTranscripts.use("*", requireUser);

const notFound = () => new ApiError(404, "transcript_not_found", "That transcript does not exist.");

liveTranscripts.get("/", async (c) => {
  return c.json({ transcripts: await listTranscripts(c.env.DB, c.var.user.id) }, 200, { "cache-control": "no-store" });
});

liveTranscripts.get("/:id", async (c) => {
  const transcript = await findTranscript(c.env.DB, c.var.user.id, c.req.param("id"));
  if (!transcript) throw notFound();
  return c.json({ ...transcript, segments: await segmentsAfter(c.env.DB, transcript.id, 0) }, 200, {
    "cache-control": "no-store",
  });
});

liveTranscripts.post("/:id", jsonBodyLimit, jsonBody(renameTranscriptBody), async (c) => {
  const id = c.req.param("id");
  if (!(await renameTranscript(c.env.DB, c.var.user.id, id, c.req.valid("json").title))) throw notFound();
  return c.json(await findTranscript(c.env.DB, c.var.user.id, id));
});

liveTranscripts.delete("/:id", async (c) => {
  const id = c.req.param("id");
  if (await deleteTranscript(c.env.DB, c.var.user.id, id)) return c.body(null, 204);
  const transcript = await findTranscript(c.env.DB, c.var.user.id, id);
  if (!transcript) throw notFound();
  throw new ApiError(409, "live_session_active", "This transcription is still running. Stop it before deleting it.");
});
