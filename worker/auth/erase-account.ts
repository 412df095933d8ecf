import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { deleteProviderTranscripts } from "../press-releases/provider-transcripts.ts";

/**
 * Deleting an account erases what it made, not only its row: running press release jobs are
 * stopped, open live sessions ended, the transcripts the provider keeps for its press releases
 * deleted there, its audio and recordings removed from R2, and then the row, which takes every
 * other row of the user with it. Paid orders stay, without the user, as accounting records.
 *
 * Every step can run again, so when the provider cannot be reached the request fails before the
 * row goes and the user can simply retry; nothing is reported deleted that still exists.
 */
export async function eraseAccount(c: Context<AppEnv>, userId: string): Promise<void> {
  const db = c.env.DB;
  const [releases, liveSessions] = await db.batch<{ id: string; r2_key?: string; transcript_id?: string | null }>([
    db.prepare("SELECT id, r2_key, transcript_id FROM press_releases WHERE user_id = ?").bind(userId),
    db.prepare("SELECT id FROM live_sessions WHERE user_id = ? AND status = 'active'").bind(userId),
  ]);

  const transcripts = new Set<string>();
  for (const release of releases?.results ?? []) {
    const fromJob = await c.env.PRESS_RELEASE_JOBS.getByName(release.id).cancel();
    for (const id of [fromJob, release.transcript_id]) if (id) transcripts.add(id);
  }
  for (const session of liveSessions?.results ?? []) await c.env.TRANSCRIPTION_RELAY.getByName(session.id).terminate();

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
    ...(releases?.results ?? []).flatMap((row) => (row.r2_key ? [row.r2_key] : [])),
  ];
  // R2 deletes up to 1,000 keys per call.
  for (let start = 0; start < keys.length; start += 1000) await c.env.AUDIO.delete(keys.slice(start, start + 1000));

  await db.batch([
    db.prepare("DELETE FROM orders WHERE user_id = ? AND status != 'paid'").bind(userId),
    db.prepare("DELETE FROM users WHERE id = ?").bind(userId),
  ]);
}
