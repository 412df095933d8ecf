import { withoutNonCharacters } from "../contracts/control-characters.ts";
import type { RowsStatement } from "../core/d1.ts";
import {
  DEFAULT_DATELINE_CITY,
  type Organisation,
  type OrganisationResponse,
  pressKitSchema,
} from "./contracts/organisation.ts";

/**
 * The `organisations` table: an account's press kit. Until one is saved the kit is the
 * organisation named at sign-up (`users.organization_name`), with nothing else and a Lagos dateline.
 */

/** What a kit query selects: the sign-up name beside the saved kit's columns (null when none). */
export interface OrganisationRow {
  readonly organization_name: string;
  readonly name: string | null;
  readonly boilerplate: string | null;
  readonly spokespeople: string | null;
  readonly media_contact: string | null;
  readonly dateline_city: string | null;
  /** The account's newsroom address, `/newsroom/<slug>`; null until one is chosen. */
  readonly slug: string | null;
}

/** The columns to select, aliased `u` (users) and `o` (organisations), for `kitFromRow`. */
const KIT_COLUMNS =
  "u.organization_name, o.name, o.boilerplate, o.spokespeople, o.media_contact, o.dateline_city, o.slug";

export function kitFromRow(row: OrganisationRow | null): Organisation {
  if (row?.name == null) {
    return {
      name: row?.organization_name ?? "",
      boilerplate: "",
      spokespeople: [],
      media_contact: { name: "", email: "", phone: "" },
      dateline_city: DEFAULT_DATELINE_CITY,
    };
  }
  // Parsed again so a row written under older limits still reads as a valid kit.
  return pressKitSchema.parse(
    underTodaysRule({
      name: row.name,
      boilerplate: row.boilerplate ?? "",
      spokespeople: JSON.parse(row.spokespeople ?? "[]"),
      media_contact: JSON.parse(row.media_contact ?? "{}"),
      dateline_city: row.dateline_city ?? DEFAULT_DATELINE_CITY,
    }),
  );
}

/** The kit with the account's newsroom address, as `GET /api/organisation` and the data download show it. */
export function organisationViewFromRow(row: OrganisationRow | null): OrganisationResponse {
  return { ...kitFromRow(row), slug: row?.slug ?? null };
}

/** Every text in a stored kit without what the text rule came to refuse after it was saved. */
function underTodaysRule(value: unknown): unknown {
  if (typeof value === "string") return withoutNonCharacters(value);
  if (Array.isArray(value)) return value.map(underTodaysRule);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, underTodaysRule(inner)]));
  }
  return value;
}

/** The account's kit row, as a statement a caller can batch (the data export does). */
export function organisationRowOf(db: D1Database, userId: string): RowsStatement<OrganisationRow> {
  return kitRowOfOwner(db, "?1").bind(userId);
}

/** The kit row of the account the SQL expression `owner` gives (over the caller's parameters), unbound. */
export function kitRowOfOwner(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare(
    `SELECT ${KIT_COLUMNS} FROM users u LEFT JOIN organisations o ON o.user_id = u.id WHERE u.id = ${owner}`,
  );
}

export async function organisationOf(db: D1Database, userId: string): Promise<Organisation> {
  return kitFromRow(await organisationRowOf(db, userId).first<OrganisationRow>());
}

export async function organisationViewOf(db: D1Database, userId: string): Promise<OrganisationResponse> {
  return organisationViewFromRow(await organisationRowOf(db, userId).first<OrganisationRow>());
}

/** The account whose newsroom is at `slug`, with its kit; null when no account has that address. */
export async function newsroomOwner(
  db: D1Database,
  slug: string,
): Promise<{ userId: string; kit: Organisation } | null> {
  const row = await db
    .prepare(
      `SELECT u.id AS user_id, ${KIT_COLUMNS} FROM organisations o JOIN users u ON u.id = o.user_id WHERE o.slug = ?`,
    )
    .bind(slug)
    .first<OrganisationRow & { user_id: string }>();
  return row ? { userId: row.user_id, kit: kitFromRow(row) } : null;
}

/** The account's newsroom address; null when it has none. */
export async function newsroomSlugOf(db: D1Database, userId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT slug FROM organisations WHERE user_id = ?")
    .bind(userId)
    .first<{ slug: string | null }>();
  return row?.slug ?? null;
}

/** Thrown by `saveOrganisation` when another account has the newsroom address asked for. */
export class SlugTakenError extends Error {}

/**
 * Replaces the whole kit: the same PUT twice leaves the same row. `slug` undefined keeps the
 * newsroom address the row has; another account's address throws `SlugTakenError` (the unique
 * index decides, so two accounts racing for one address cannot both get it).
 */
export async function saveOrganisation(
  db: D1Database,
  userId: string,
  kit: Organisation,
  slug: string | null | undefined,
  now: string,
) {
  const keepSlug = slug === undefined;
  const statement = db
    .prepare(
      `INSERT INTO organisations (user_id, name, boilerplate, spokespeople, media_contact, dateline_city, updated_at, slug)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, boilerplate = excluded.boilerplate,
         spokespeople = excluded.spokespeople, media_contact = excluded.media_contact,
         dateline_city = excluded.dateline_city, updated_at = excluded.updated_at,
         slug = CASE WHEN ?9 THEN organisations.slug ELSE excluded.slug END`,
    )
    .bind(
      userId,
      kit.name,
      kit.boilerplate,
      JSON.stringify(kit.spokespeople),
      JSON.stringify(kit.media_contact),
      kit.dateline_city,
      now,
      slug ?? null,
      keepSlug ? 1 : 0,
    );
  try {
    await statement.run();
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: organisations.slug")) throw new SlugTakenError();
    throw error;
  }
}

/**
 * The `sending_domains` table: an account's own sending domain, its status at the mail provider
 * as last read, and the DNS records its owner publishes (a JSON list).
 */
export interface SendingDomainRow {
  readonly user_id: string;
  readonly domain: string;
  readonly provider_id: string;
  readonly local_part: string;
  readonly status: string;
  readonly records: string;
  readonly checked_at: string;
  readonly created_at: string;
}

/** The account's sending domain, as a statement a caller can batch (the data export does). */
export function sendingDomainRowOf(db: D1Database, userId: string): RowsStatement<SendingDomainRow> {
  return db.prepare("SELECT * FROM sending_domains WHERE user_id = ?").bind(userId);
}

export async function sendingDomainOf(db: D1Database, userId: string): Promise<SendingDomainRow | null> {
  return sendingDomainRowOf(db, userId).first<SendingDomainRow>();
}

/** The account holding `domain`, if any. */
export async function sendingDomainHolder(db: D1Database, domain: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT user_id FROM sending_domains WHERE domain = ?")
    .bind(domain)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

/** Thrown by `insertSendingDomain`: another account holds the domain, or this one holds a domain already. */
export class SendingDomainConflict extends Error {
  constructor(readonly conflict: "taken" | "set") {
    super(conflict);
  }
}

/** Adds the account's domain; the unique keys decide a race between two requests. */
export async function insertSendingDomain(db: D1Database, row: SendingDomainRow): Promise<void> {
  try {
    await db
      .prepare(
        `INSERT INTO sending_domains (user_id, domain, provider_id, local_part, status, records, checked_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.user_id,
        row.domain,
        row.provider_id,
        row.local_part,
        row.status,
        row.records,
        row.checked_at,
        row.created_at,
      )
      .run();
  } catch (error) {
    const message = String(error);
    if (message.includes("UNIQUE constraint failed: sending_domains.domain")) throw new SendingDomainConflict("taken");
    if (message.includes("UNIQUE constraint failed: sending_domains.user_id")) throw new SendingDomainConflict("set");
    throw error;
  }
}

/** Stores what the provider said of the domain, unless the account has removed or replaced it meanwhile. */
export async function recordSendingDomainCheck(
  db: D1Database,
  userId: string,
  providerId: string,
  check: { status: string; records?: string; checkedAt: string },
): Promise<SendingDomainRow | null> {
  return db
    .prepare(
      `UPDATE sending_domains SET status = ?, records = coalesce(?, records), checked_at = ?
       WHERE user_id = ? AND provider_id = ? RETURNING *`,
    )
    .bind(check.status, check.records ?? null, check.checkedAt, userId, providerId)
    .first<SendingDomainRow>();
}

export async function setSendingLocalPart(
  db: D1Database,
  userId: string,
  localPart: string,
): Promise<SendingDomainRow | null> {
  return db
    .prepare("UPDATE sending_domains SET local_part = ? WHERE user_id = ? RETURNING *")
    .bind(localPart, userId)
    .first<SendingDomainRow>();
}

export async function deleteSendingDomain(db: D1Database, userId: string, providerId: string): Promise<void> {
  await db.prepare("DELETE FROM sending_domains WHERE user_id = ? AND provider_id = ?").bind(userId, providerId).run();
}
