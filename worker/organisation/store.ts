import { withoutNonCharacters } from "../contracts/control-characters.ts";
import type { RowsStatement } from "../core/d1.ts";
import { DEFAULT_DATELINE_CITY, type Organisation, organisationResponse } from "./contracts/organisation.ts";

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
}

/** The columns to select, aliased `u` (users) and `o` (organisations), for `kitFromRow`. */
export const KIT_COLUMNS =
  "u.organization_name, o.name, o.boilerplate, o.spokespeople, o.media_contact, o.dateline_city";

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
  return organisationResponse.parse(
    underTodaysRule({
      name: row.name,
      boilerplate: row.boilerplate ?? "",
      spokespeople: JSON.parse(row.spokespeople ?? "[]"),
      media_contact: JSON.parse(row.media_contact ?? "{}"),
      dateline_city: row.dateline_city ?? DEFAULT_DATELINE_CITY,
    }),
  );
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

/** Replaces the whole kit: the same PUT twice leaves the same row. */
export async function saveOrganisation(db: D1Database, userId: string, kit: Organisation, now: string) {
  await db
    .prepare(
      `INSERT INTO organisations (user_id, name, boilerplate, spokespeople, media_contact, dateline_city, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, boilerplate = excluded.boilerplate,
         spokespeople = excluded.spokespeople, media_contact = excluded.media_contact,
         dateline_city = excluded.dateline_city, updated_at = excluded.updated_at`,
    )
    .bind(
      userId,
      kit.name,
      kit.boilerplate,
      JSON.stringify(kit.spokespeople),
      JSON.stringify(kit.media_contact),
      kit.dateline_city,
      now,
    )
    .run();
}
