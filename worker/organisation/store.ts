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
export const KIT_COLUMNS =
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
