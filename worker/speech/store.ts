import { type SessionKey, sessionAccountId } from "../accounts/sessions.ts";
import { sha256Hex } from "../accounts/tokens.ts";
import { accountExists } from "../accounts/users.ts";
import { type Page, pagedStatement, placeholders, type RowsStatement } from "../core/d1.ts";

/** Generated audio in R2 (content-addressed per account) and its history rows in D1. */

export interface AudioItemRow {
  id: string;
  user_id: string;
  kind: "tts" | "voice-conversion";
  voice_id: string;
  text_excerpt: string;
  characters: number;
  bytes: number;
  r2_key: string;
  /** The person who made it (the workspace is `user_id`); null once their account is erased. */
  created_by: string | null;
  created_at: string;
}

const EXCERPT_LENGTH = 140;

/** The same text, voice, model, settings and format always give the same digest. */
export function ttsDigest(parts: Record<string, unknown>): Promise<string> {
  return sha256Hex(JSON.stringify(parts));
}

/**
 * Where an account's speech for a digest lives. The account is part of the address so that what
 * one account generated is never another's cache hit, nor audio another's deletion could touch.
 * It is a path segment rather than hashed in so that `OWN_SPEECH_STORED_SQL` can name the key
 * from the session before the Worker knows the user.
 */
export const ttsAudioKey = (userId: string, digest: string) => `tts/${userId}/${digest}.mp3`;

/** True when one of the workspace's history items holds the speech for the digest bound to `?7` (for `passGate`'s `freeWhen`). */
export const ownSpeechStoredSql = (key: SessionKey) =>
  `EXISTS (SELECT 1 FROM audio_items WHERE r2_key = 'tts/' || ${sessionAccountId(key)} || '/' || ?7 || '.mp3')`;

/** Adds a history item; answers false, adding nothing, when the account no longer exists. */
export async function recordAudioItem(
  db: D1Database,
  item: Omit<AudioItemRow, "created_at" | "text_excerpt"> & { text: string },
): Promise<boolean> {
  const excerpt = item.text.length > EXCERPT_LENGTH ? `${item.text.slice(0, EXCERPT_LENGTH - 1)}…` : item.text;
  const result = await db
    .prepare(
      `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at,
         created_by)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ${accountExists("?2")}`,
    )
    .bind(
      item.id,
      item.user_id,
      item.kind,
      item.voice_id,
      excerpt,
      item.characters,
      item.bytes,
      item.r2_key,
      new Date().toISOString(),
      item.created_by,
    )
    .run();
  return result.meta.changes === 1;
}

/** The signed-in user's 50 newest items, as a statement for the gate's batch. */
export function audioHistory(db: D1Database, key: SessionKey): RowsStatement<Omit<AudioItemRow, "user_id" | "r2_key">> {
  return db
    .prepare(
      `SELECT id, kind, voice_id, text_excerpt, characters, bytes, created_at FROM audio_items
       WHERE user_id = ${sessionAccountId(key)} ORDER BY created_at DESC LIMIT 50`,
    )
    .bind(key.tokenHash, key.now);
}

export function findOwnAudioItem(db: D1Database, id: string, userId: string): Promise<AudioItemRow | null> {
  return db.prepare("SELECT * FROM audio_items WHERE id = ? AND user_id = ?").bind(id, userId).first<AudioItemRow>();
}

export async function deleteAudioItem(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM audio_items WHERE id = ?").bind(id).run();
}

/**
 * Stores generated audio in R2 and its history item in D1, once the provider's stream has ended,
 * which can be after the account was erased. The item is added only while the account exists, in
 * one statement, so either the erasure's transaction saw the item (and deletes the object) or the
 * item was refused and the object written for nobody is deleted here. Answers whether it was kept.
 */
export async function keepGeneratedAudio(
  env: Env,
  item: Omit<AudioItemRow, "created_at" | "text_excerpt" | "bytes"> & { text: string },
  bytes: Uint8Array,
): Promise<boolean> {
  await env.AUDIO.put(item.r2_key, bytes, { httpMetadata: { contentType: "audio/mpeg" } });
  if (await recordAudioItem(env.DB, { ...item, bytes: bytes.length })) return true;
  await env.AUDIO.delete(item.r2_key);
  return false;
}

/** Whether any history item still holds the audio at `r2Key` (an account's repeats share one copy). */
export async function audioKeyInUse(db: D1Database, r2Key: string): Promise<boolean> {
  const items = await db
    .prepare("SELECT COUNT(*) AS n FROM audio_items WHERE r2_key = ?")
    .bind(r2Key)
    .first<number>("n");
  return Boolean(items);
}

/**
 * R2 keys of audio only this user's history holds. Speech stored before its key held the account
 * may back another account's items too, and stays for them.
 */
export function audioKeysOnlyOf(db: D1Database, userId: string): RowsStatement<{ r2_key: string }> {
  return db
    .prepare(
      `SELECT DISTINCT r2_key FROM audio_items AS mine WHERE user_id = ?1
       AND NOT EXISTS (SELECT 1 FROM audio_items AS other WHERE other.r2_key = mine.r2_key AND other.user_id != ?1)`,
    )
    .bind(userId);
}

/** Reads a whole stream into one buffer (for the R2 copy, while the other branch goes to the client). */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.length;
  }
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

/** Every history item of a user (or a page of them), oldest first: what the account's data export lists. */
export function audioItemsOf(db: D1Database, userId: string, page?: Page): RowsStatement<AudioItemRow> {
  return pagedStatement(db, "SELECT * FROM audio_items WHERE user_id = ? ORDER BY created_at, id", [userId], page);
}

/** The history items person `person` made in workspace `workspaceId` (or a page of them), oldest first. */
export function audioItemsMadeBy(
  db: D1Database,
  workspaceId: string,
  person: string,
  page?: Page,
): RowsStatement<AudioItemRow> {
  return pagedStatement(
    db,
    "SELECT * FROM audio_items WHERE user_id = ? AND created_by = ? ORDER BY created_at, id",
    [workspaceId, person],
    page,
  );
}

/** The workspaces other than their own where person `person` made history items. */
export function workspacesWithAudioBy(db: D1Database, person: string): RowsStatement<{ user_id: string }> {
  return db.prepare("SELECT DISTINCT user_id FROM audio_items WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** Forgets person `person` as the maker of history items in others' workspaces (erasing their account). */
export function forgetAudioMaker(db: D1Database, person: string): D1PreparedStatement {
  return db.prepare("UPDATE audio_items SET created_by = NULL WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/**
 * Of the user's history items (person `madeBy`'s only, when given), the first to keep each of `keys`
 * (items of a repeated speech share one file).
 */
export async function firstItemsOfKeys(
  db: D1Database,
  userId: string,
  keys: readonly string[],
  madeBy: string | null,
): Promise<Pick<AudioItemRow, "id" | "r2_key" | "created_at">[]> {
  const { results } = await db
    .prepare(
      `SELECT id, r2_key, created_at FROM audio_items a
       WHERE user_id = ? ${madeBy === null ? "" : "AND created_by = ?"} AND r2_key IN (${placeholders(keys.length)})
         AND NOT EXISTS (SELECT 1 FROM audio_items b WHERE b.user_id = a.user_id AND b.r2_key = a.r2_key
                         ${madeBy === null ? "" : "AND b.created_by = a.created_by"}
                         AND (b.created_at < a.created_at OR (b.created_at = a.created_at AND b.id < a.id)))`,
    )
    .bind(userId, ...(madeBy === null ? [] : [madeBy]), ...keys)
    .all<Pick<AudioItemRow, "id" | "r2_key" | "created_at">>();
  return results;
}

/** True when a history item names object `key` (a SQL expression). */
export const audioItemHoldsKey = (key: string) => `EXISTS (SELECT 1 FROM audio_items WHERE r2_key = ${key})`;

/** The speech the person made, in any workspace, credited to their new row when they hand over their own. */
export function moveAudioMaker(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE audio_items SET created_by = ?2 WHERE created_by = ?1").bind(from, to);
}
