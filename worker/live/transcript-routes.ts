import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { renameSpeakersBody, storedSpeakerNames } from "../transcripts/contracts/transcript.ts";
import { exportFormat, transcriptDownload } from "../transcripts/export.ts";
import { speakerNamesPatch } from "../transcripts/speaker-names.ts";
import { renameTranscriptBody } from "./contracts/live.ts";
import {
  deleteTranscript,
  findTranscript,
  listTranscripts,
  renameSessionSpeakers,
  renameTranscript,
  segmentsAfter,
  sessionSpeakerNames,
} from "./transcripts.ts";

/**
 * The user's saved live transcripts: every session is kept, finals stored as they arrived, so a
 * running one can be read too (a reloaded page shows what was said so far).
 */
export const liveTranscripts = new Hono<AppEnv>();

liveTranscripts.use("*", requireUser);

const notFound = () => new ApiError(404, "transcript_not_found", "That transcript does not exist.");

liveTranscripts.get("/", async (c) => {
  return c.json({ transcripts: await listTranscripts(c.env.DB, c.var.account.id) }, 200, {
    "cache-control": "no-store",
  });
});

/** The user's transcript with its finals as utterances, each by its speaker. */
async function ownTranscript(c: Context<AppEnv>) {
  const transcript = await findTranscript(c.env.DB, c.var.account.id, c.req.param("id") ?? "");
  if (!transcript) throw notFound();
  const [segments, names] = await Promise.all([
    segmentsAfter(c.env.DB, transcript.id, 0),
    sessionSpeakerNames(c.env.DB, c.var.account.id, transcript.id),
  ]);
  const utterances = segments.map(({ text, start, duration, speaker }) => ({
    speaker,
    text,
    start,
    end: start + duration,
  }));
  return { transcript, segments, utterances, names: storedSpeakerNames(names ?? "{}") };
}

liveTranscripts.get(API.liveTranscripts.at.transcript, async (c) => {
  const { transcript, segments, utterances, names } = await ownTranscript(c);
  return c.json({ ...transcript, segments, utterances, speaker_names: names }, 200, { "cache-control": "no-store" });
});

liveTranscripts.patch(API.liveTranscripts.at.speakers, jsonBodyLimit, jsonBody(renameSpeakersBody), async (c) => {
  const { transcript, utterances } = await ownTranscript(c);
  const patch = speakerNamesPatch(utterances, c.req.valid("json"));
  const names = await renameSessionSpeakers(c.env.DB, c.var.account.id, transcript.id, patch);
  if (names === null) throw notFound();
  const renamed = storedSpeakerNames(names);
  // Readers of a running session's captions see the names at once; a kept link reads them from D1.
  if (transcript.status === "active") await c.env.TRANSCRIPTION_RELAY.getByName(transcript.id).speakersRenamed(renamed);
  return c.json({ speaker_names: renamed });
});

liveTranscripts.get(API.liveTranscripts.at.export, async (c) => {
  const format = exportFormat(c.req.query());
  const { transcript, utterances, names } = await ownTranscript(c);
  return transcriptDownload(format, { title: transcript.title, createdAt: transcript.started_at, utterances, names });
});

liveTranscripts.post(API.liveTranscripts.at.transcript, jsonBodyLimit, jsonBody(renameTranscriptBody), async (c) => {
  const id = c.req.param("id");
  if (!(await renameTranscript(c.env.DB, c.var.account.id, id, c.req.valid("json").title))) throw notFound();
  return c.json(await findTranscript(c.env.DB, c.var.account.id, id));
});

liveTranscripts.delete(API.liveTranscripts.at.transcript, async (c) => {
  const id = c.req.param("id");
  if (await deleteTranscript(c.env.DB, c.var.account.id, id)) return c.body(null, 204);
  const transcript = await findTranscript(c.env.DB, c.var.account.id, id);
  if (!transcript) throw notFound();
  throw new ApiError(409, "live_session_active", "This transcription is still running. Stop it before deleting it.");
});
