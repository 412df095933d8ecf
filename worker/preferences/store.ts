import { type SessionKey, sessionAccountId } from "../accounts/sessions.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../contracts/languages.ts";
import type { RowsStatement } from "../core/d1.ts";
import { vocabularyTerm } from "./contracts/preferences.ts";

/** The `preferences` table: an account's language and vocabulary, English and no terms until chosen. */

interface PreferencesRow {
  readonly language: string;
  readonly vocabulary: string;
}

export async function languageOf(db: D1Database, userId: string): Promise<Language> {
  const row = await db
    .prepare("SELECT language FROM preferences WHERE user_id = ?")
    .bind(userId)
    .first<Pick<PreferencesRow, "language">>();
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
}

/** The account's terms, deduplicated and in the order they were saved. */
export async function vocabularyOf(db: D1Database, userId: string): Promise<string[]> {
  const row = await db
    .prepare("SELECT vocabulary FROM preferences WHERE user_id = ?")
    .bind(userId)
    .first<Pick<PreferencesRow, "vocabulary">>();
  return parseVocabulary(row?.vocabulary);
}

/** The signed-in user's terms, read in the tool gate's batch (`with`): no round trip of its own. */
export function sessionVocabulary(db: D1Database, key: SessionKey): D1PreparedStatement {
  return vocabularyOfOwner(db, sessionAccountId(key)).bind(key.tokenHash, key.now);
}

/** The terms of the user the SQL expression `owner` gives (over the caller's parameters), unbound. */
export function vocabularyOfOwner(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare(`SELECT vocabulary FROM preferences WHERE user_id = ${owner}`);
}

/** The account's whole preferences row (none until something is chosen), for the data export. */
export function preferencesRowOf(
  db: D1Database,
  userId: string,
): RowsStatement<PreferencesRow & { readonly updated_at: string }> {
  return db.prepare("SELECT language, vocabulary, updated_at FROM preferences WHERE user_id = ?").bind(userId);
}

/**
 * A `preferences.vocabulary` column as terms; no row means no terms. A term saved before the
 * vocabulary rule and refused by it now is left out, so it never reaches a recogniser.
 */
export function parseVocabulary(column: string | undefined): string[] {
  if (column === undefined) return [];
  const terms: unknown = JSON.parse(column);
  if (!Array.isArray(terms)) return [];
  return terms.flatMap((term) => {
    const parsed = vocabularyTerm.safeParse(term);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function saveLanguage(db: D1Database, userId: string, language: Language, now: string): Promise<void> {
  await db
    .prepare(
      `INSERT INTO preferences (user_id, language, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at`,
    )
    .bind(userId, language, now)
    .run();
}

/** Replaces the whole list: the same PUT twice leaves the same row. */
export async function saveVocabulary(db: D1Database, userId: string, terms: readonly string[], now: string) {
  const unique = [...new Map(terms.map((term) => [term.toLocaleLowerCase(), term])).values()];
  await db
    .prepare(
      `INSERT INTO preferences (user_id, vocabulary, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET vocabulary = excluded.vocabulary, updated_at = excluded.updated_at`,
    )
    .bind(userId, JSON.stringify(unique), now)
    .run();
  return unique;
}

/**
 * Handing over their workspace, the person takes their language to their new row; the
 * vocabulary is the workspace's and stays.
 */
export function copyLanguage(db: D1Database, from: string, to: string, now: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO preferences (user_id, language, vocabulary, updated_at)
       SELECT ?2, language, '[]', ?3 FROM preferences WHERE user_id = ?1`,
    )
    .bind(from, to, now);
}
