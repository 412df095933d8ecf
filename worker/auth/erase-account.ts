import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { deleteProviderTranscripts } from "../press-releases/provider-transcripts.ts";
import { freeUploadStorage, type UploadRow } from "../uploads/store.ts";

/**
 * Deleting an account erases what it made, not only its row: running press release jobs are
 * stopped, open live sessions and sentiment jobs ended, unfinished uploads aborted, the transcripts the provider keeps for its press releases
 * deleted there, its audio and recordings removed from R2, and then the row, which takes every
 * other row of the user with it. Paid orders stay, without the user, as accounting records.
 *
 * Every step can run again, so when the provider cannot be reached the request fails before the
 * row goes and the user can simply retry; nothing is reported deleted that still exists.
 */
export async function eraseAccount(c: Context<AppEnv>, userId: string): Promise<void> {
  const db = c.env.DB;
  const [releases, liveSessions, reports, uploads] = await db.batch<{
    id: string;
    r2_key?: string | null;
    report_key?: string | null;
    transcript_id?: string | null;
  }>([
    db.prepare("SELECT id, r2_key, transcript_id FROM press_releases WHERE user_id = ?").bind(userId),
    db.prepare("SELECT id FROM live_sessions WHERE user_id = ? AND status = 'active'").bind(userId),
    db.prepare("SELECT id, r2_key, report_key FROM sentiment_reports WHERE user_id = ?").bind(userId),
    db.prepare("SELECT * FROM uploads WHERE user_id = ?").bind(userId),
  ]);

  const transcripts = new Set<string>();
  for (const release of releases?.results ?? []) {
    const fromJob = await c.env.PRESS_RELEASE_JOBS.getByName(release.id).cancel();
    for (const id of [fromJob, release.transcript_id]) if (id) transcripts.add(id);
  }
  for (const session of liveSessions?.results ?? []) await c.env.TRANSCRIPTION_RELAY.getByName(session.id).terminate();
  for (const report of reports?.results ?? []) await c.env.SENTIMENT_JOBS.getByName(report.id).cancel();
  for (const upload of (uploads?.results ?? []) as unknown as UploadRow[]) await freeUploadStorage(c.env.AUDIO, upload);

  await deleteProviderTranscripts(c, transcripts);

  // Generated speech is stored once per content, so an object another account also made stays.
  const { results: audioKeys } = await db
    .prepare(
      `SELECT DISTINCT r2_key FROM audio_items AS mine WHERE user_id = ?1
       AND NOT EXISTS (SELECT 1 FROM audio_items AS other WHERE other.r2_key = mine.r2_key AND other.user_id != ?1)`,
    )
    .bind(userId)
    .all<{ r2_key: string }>();
  const keys = [
    ...audioKeys.map((row) => row.r2_key),
    ...[...(releases?.results ?? []), ...(reports?.results ?? [])].flatMap((row) =>
      [row.r2_key, row.report_key].filter((key): key is string => Boolean(key)),
    ),
  ];
  // R2 deletes up to 1,000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await c.env.AUDIO.delete(keys.slice(start, start + 1000));

  await db.batch([
    db
      .prepare(
        "DELETE FROM media_grants WHERE r2_key IN (SELECT r2_key FROM sentiment_reports WHERE user_id = ?1 UNION SELECT r2_key FROM press_releases WHERE user_id = ?1)",
      )
      .bind(userId),
    db.prepare("DELETE FROM orders WHERE user_id = ? AND status != 'paid'").bind(userId),
    db.prepare("DELETE FROM users WHERE id = ?").bind(userId),
  ]);
}
