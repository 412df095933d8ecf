import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORPHAN_AGE_MS, sweepOrphanObjects } from "../../worker/core/orphan-sweep.ts";
import { registerAndSignIn } from "./helpers.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function uploadedAt(key: string): Promise<number> {
  const object = await env.AUDIO.head(key);
  if (!object) throw new Error(`${key} is not in R2`);
  return object.uploaded.getTime();
}

async function keysIn(prefix: string): Promise<string[]> {
  return (await env.AUDIO.list({ prefix })).objects.map((object) => object.key).sort();
}

async function historyItem(userId: string, r2Key: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at)
     VALUES (?, ?, 'tts', 'sbxAdaezeWarm01', 'Kept', 4, 2, ?, ?)`,
  )
    .bind(crypto.randomUUID(), userId, r2Key, new Date().toISOString())
    .run();
}

describe("the orphan sweep", () => {
  it("deletes an R2 object no row references once it is older than a day, and nothing else", async () => {
    const { user } = await registerAndSignIn();
    const run = crypto.randomUUID();
    const referenced = `tts/${user.id}/${run}-kept.mp3`;
    const referencedTail = `uploads/${run}.tail`;
    const oldOrphan = `tts/${user.id}/${run}-old.mp3`;
    const youngOrphan = `tts/${user.id}/${run}-young.mp3`;
    await env.AUDIO.put(referenced, new Uint8Array([1, 2]));
    await historyItem(user.id, referenced);
    await env.AUDIO.put(referencedTail, new Uint8Array([3]));
    await env.DB.prepare(
      `INSERT INTO uploads (id, user_id, file_name, content_type, length, metadata, r2_key, multipart_id, part_size,
         status, expires_at, created_at)
       VALUES (?1, ?2, 'a.mp3', 'audio/mpeg', 10, '', ?3, 'none', 5242880, 'uploading', ?4, ?4)`,
    )
      .bind(run, user.id, `uploads/${run}`, new Date(Date.now() + ORPHAN_AGE_MS).toISOString())
      .run();
    await env.AUDIO.put(oldOrphan, new Uint8Array([4]));
    await tick();
    await env.AUDIO.put(youngOrphan, new Uint8Array([5]));

    // A day after the young orphan was written, less a millisecond: everything else is older.
    const now = new Date((await uploadedAt(youngOrphan)) + ORPHAN_AGE_MS - 1);
    expect(await uploadedAt(oldOrphan)).toBeLessThan(await uploadedAt(youngOrphan));
    const swept = await sweepOrphanObjects(env, now);

    // Files share the bucket, so earlier files' orphans may go in the same sweep; what happened to
    // this test's own objects is read key by key below.
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await keysIn(`tts/${user.id}/`)).toEqual([referenced, youngOrphan].sort());
    expect(await keysIn(`uploads/${run}`)).toEqual([referencedTail]);
  });

  it("looks at a bounded number of objects per run and goes on from there the next time", async () => {
    const run = crypto.randomUUID();
    const orphans = Array.from({ length: 5 }, (_, n) => `voice-conversion/${run}/${n}.mp3`);
    for (const key of orphans) await env.AUDIO.put(key, new Uint8Array([1]));
    const later = new Date(Date.now() + 2 * ORPHAN_AGE_MS);
    const limits = { pageSize: 2, pages: 1 };

    const first = await sweepOrphanObjects(env, later, limits);
    expect(first.examined).toBeLessThanOrEqual(2);
    expect((await keysIn(`voice-conversion/${run}/`)).length).toBeGreaterThan(0);
    // The bucket may hold other tests' objects too; a pass over all of it ends within this many runs.
    const total = (await env.AUDIO.list()).objects.length;
    for (let runs = 0; runs < total && (await keysIn(`voice-conversion/${run}/`)).length > 0; runs++) {
      expect((await sweepOrphanObjects(env, later, limits)).examined).toBeLessThanOrEqual(2);
    }
    expect(await keysIn(`voice-conversion/${run}/`)).toEqual([]);
  });
});
