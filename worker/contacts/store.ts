import { batchRows, type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import type { Contact, ContactImportRow, SuppressionReason } from "./contracts/contacts.ts";

/**
 * The `contacts` table, an account's media list, and `contact_suppressions`, the addresses the
 * account may no longer write to (they unsubscribed, bounced or complained), kept apart from the
 * list so that deleting a contact and importing it again cannot put it back on the sends.
 */

interface ContactRow {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly outlet: string;
  readonly beat: string;
  readonly phone: string;
  readonly tags: string;
  readonly unsubscribed_at: string | null;
  /** The address's suppression reason, where the statement reads it. */
  readonly stopped?: SuppressionReason | null;
  readonly created_at: string;
  readonly updated_at: string;
}

const COLUMNS = "id, name, email, outlet, beat, phone, tags, unsubscribed_at, created_at, updated_at";
/** `COLUMNS` and why the address is suppressed, for a list that says so. */
const LISTED_COLUMNS = `${COLUMNS}, (SELECT reason FROM contact_suppressions s
  WHERE s.user_id = contacts.user_id AND s.email = contacts.email) AS stopped`;

export function contactFromRow(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    outlet: row.outlet,
    beat: row.beat,
    phone: row.phone,
    tags: JSON.parse(row.tags) as string[],
    subscribed: row.unsubscribed_at === null,
    // A contact stopped before suppressions kept their reason had unsubscribed.
    stopped: row.unsubscribed_at === null ? null : (row.stopped ?? "unsubscribed"),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Rows with `tag` among their tags, or all; a tag matches whatever its case. */
const TAG_FILTER = "(?2 IS NULL OR EXISTS (SELECT 1 FROM json_each(contacts.tags) WHERE lower(value) = lower(?2)))";

/** One page of the account's list by name, and how many the list (or the tag) holds. */
export async function contactsPageOf(
  db: D1Database,
  userId: string,
  tag: string | null,
  page: Page,
): Promise<{ rows: ContactRow[]; total: number }> {
  const [rows, counted] = await batchRows(db, [
    pagedStatement<ContactRow>(
      db,
      `SELECT ${LISTED_COLUMNS} FROM contacts WHERE user_id = ?1 AND ${TAG_FILTER} ORDER BY name COLLATE NOCASE, email`,
      [userId, tag],
      page,
    ),
    db
      .prepare(`SELECT COUNT(*) AS n FROM contacts WHERE user_id = ?1 AND ${TAG_FILTER}`)
      .bind(userId, tag) as RowsStatement<{ n: number }>,
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Every contact of the account, a page at a time, for its data download. */
export function contactsOf(db: D1Database, userId: string, page: Page): RowsStatement<ContactRow> {
  return pagedStatement(
    db,
    `SELECT ${LISTED_COLUMNS} FROM contacts WHERE user_id = ? ORDER BY created_at, id`,
    [userId],
    page,
  );
}

interface SavedImport {
  /** Addresses already on the list whose details were brought up to date. */
  readonly updated: ReadonlySet<string>;
  /** Addresses added. */
  readonly added: ReadonlySet<string>;
  /** Addresses that unsubscribed (or bounced), on the list or not, which an import leaves as they are. */
  readonly unsubscribed: ReadonlySet<string>;
}

/**
 * Saves an import in one transaction: addresses already on the list get the file's details,
 * except those that unsubscribed, which no import may bring back to the sends; new addresses are
 * added in the file's order while the list has room under `capacity`. Whatever was neither
 * updated, added nor unsubscribed found the list full.
 */
export async function saveImport(
  db: D1Database,
  userId: string,
  contacts: readonly ContactImportRow[],
  capacity: number,
  now: string,
): Promise<SavedImport> {
  const json = JSON.stringify(
    contacts.map((contact) => ({ ...contact, id: crypto.randomUUID(), tags: JSON.stringify(contact.tags) })),
  );
  const [unsubscribed, updated, added] = await batchRows(db, [
    db
      .prepare(
        `SELECT email FROM contacts WHERE user_id = ?1 AND unsubscribed_at IS NOT NULL
           AND email IN (SELECT value ->> 'email' FROM json_each(?2))
         UNION
         SELECT email FROM contact_suppressions WHERE user_id = ?1
           AND email IN (SELECT value ->> 'email' FROM json_each(?2))`,
      )
      .bind(userId, json) as RowsStatement<{ email: string }>,
    db
      .prepare(
        `UPDATE contacts SET name = j.value ->> 'name', outlet = j.value ->> 'outlet', beat = j.value ->> 'beat',
           phone = j.value ->> 'phone', tags = j.value ->> 'tags', updated_at = ?3
         FROM json_each(?2) AS j
         WHERE contacts.user_id = ?1 AND contacts.email = j.value ->> 'email' AND contacts.unsubscribed_at IS NULL
         RETURNING contacts.email`,
      )
      .bind(userId, json, now) as RowsStatement<{ email: string }>,
    db
      .prepare(
        `INSERT INTO contacts (id, user_id, name, email, outlet, beat, phone, tags, consent_at, created_at, updated_at)
         SELECT j.value ->> 'id', ?1, j.value ->> 'name', j.value ->> 'email', j.value ->> 'outlet', j.value ->> 'beat',
           j.value ->> 'phone', j.value ->> 'tags', ?3, ?3, ?3
         FROM json_each(?2) AS j
         WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE c.user_id = ?1 AND c.email = j.value ->> 'email')
           AND NOT EXISTS (SELECT 1 FROM contact_suppressions s WHERE s.user_id = ?1 AND s.email = j.value ->> 'email')
         ORDER BY j.key
         LIMIT max(0, ?4 - (SELECT COUNT(*) FROM contacts WHERE user_id = ?1))
         RETURNING email`,
      )
      .bind(userId, json, now, capacity) as RowsStatement<{ email: string }>,
  ]);
  const emails = (rows: { email: string }[]) => new Set(rows.map((row) => row.email));
  return { unsubscribed: emails(unsubscribed), updated: emails(updated), added: emails(added) };
}

/** Changes the details `patch` names of the account's contact; null when it has no such contact. */
export async function updateContact(
  db: D1Database,
  userId: string,
  id: string,
  patch: Partial<Pick<Contact, "name" | "outlet" | "beat" | "phone" | "tags">>,
  now: string,
): Promise<Contact | null> {
  const row = await db
    .prepare(
      `UPDATE contacts SET name = coalesce(?3, name), outlet = coalesce(?4, outlet), beat = coalesce(?5, beat),
         phone = coalesce(?6, phone), tags = coalesce(?7, tags), updated_at = ?8
       WHERE user_id = ?1 AND id = ?2
       RETURNING ${COLUMNS}`,
    )
    .bind(
      userId,
      id,
      patch.name ?? null,
      patch.outlet ?? null,
      patch.beat ?? null,
      patch.phone ?? null,
      patch.tags ? JSON.stringify(patch.tags) : null,
      now,
    )
    .first<ContactRow>();
  return row ? contactFromRow(row) : null;
}

/** Deletes the account's contact and answers its address; null when it has no such contact. */
/** Deletes a contact, answering its outlet ("" when it has none), or null when there was no such contact. */
export async function deleteContact(db: D1Database, userId: string, id: string): Promise<string | null> {
  return db
    .prepare("DELETE FROM contacts WHERE user_id = ? AND id = ? RETURNING outlet")
    .bind(userId, id)
    .first<string>("outlet");
}

/** The tags the account's list uses, by name, for picking whom a send goes to. */
export async function tagsOf(db: D1Database, userId: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT min(t.value) AS tag FROM contacts, json_each(contacts.tags) AS t
       WHERE contacts.user_id = ? GROUP BY lower(t.value) ORDER BY lower(t.value) LIMIT ?`,
    )
    .bind(userId, limit)
    .all<{ tag: string }>();
  return results.map((row) => row.tag);
}

/**
 * Stops every future send of the account to the address: a suppression (the first reason stays),
 * and the contact, if it is on the list, marked. Statements for the caller's batch.
 */
export function suppressAddress(
  db: D1Database,
  userId: string,
  email: string,
  reason: SuppressionReason,
  now: string,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO contact_suppressions (user_id, email, reason, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, email) DO NOTHING`,
      )
      .bind(userId, email, reason, now),
    db
      .prepare("UPDATE contacts SET unsubscribed_at = ?3 WHERE user_id = ?1 AND email = ?2 AND unsubscribed_at IS NULL")
      .bind(userId, email, now),
  ];
}

/** Every suppressed address of the account, a page at a time, for its data download. */
export function suppressionsOf(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<{ email: string; reason: string; created_at: string }> {
  return pagedStatement(
    db,
    "SELECT email, reason, created_at FROM contact_suppressions WHERE user_id = ? ORDER BY created_at, email",
    [userId],
    page,
  );
}
