import { CsvError, parse } from "csv-parse/sync";
import { ApiError } from "../core/errors.ts";
import {
  CONSENT_VALUES,
  CONSENT_WORDS,
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_OPTIONAL_COLUMNS,
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportRow,
  contactImportRow,
  type SkippedRow,
} from "./contracts/contacts.ts";

interface ReadContacts {
  /** Each row to save, with its spreadsheet row number. */
  readonly rows: readonly { readonly row: number; readonly contact: ContactImportRow }[];
  readonly skipped: SkippedRow[];
}

type Column = (typeof CONTACT_CSV_COLUMNS)[number] | (typeof CONTACT_CSV_OPTIONAL_COLUMNS)[number];
const COLUMNS: readonly Column[] = [...CONTACT_CSV_COLUMNS, ...CONTACT_CSV_OPTIONAL_COLUMNS];

const refused = (code: string, message: string, errors?: Record<string, string[]>) =>
  new ApiError(400, code, message, errors);

function records(text: string): string[][] {
  try {
    // Spreadsheets save a byte-order mark and rows of uneven length; neither is the person's mistake.
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof CsvError) {
      throw refused("csv_invalid", `This file is not a CSV we can read: ${error.message}`);
    }
    throw error;
  }
}

/** Where each known column is in the header row; refuses a file without every required one. */
function columnsOf(header: readonly string[]): Record<Column, number | undefined> {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const at = Object.fromEntries(
    COLUMNS.map((column) => [column, names.indexOf(column) < 0 ? undefined : names.indexOf(column)]),
  ) as Record<Column, number | undefined>;
  const missing = CONTACT_CSV_COLUMNS.filter((column) => at[column] === undefined);
  if (missing.length > 0) {
    throw refused(
      "csv_columns",
      `The first row must name the columns ${CONTACT_CSV_COLUMNS.join(", ")} (and may add ${CONTACT_CSV_OPTIONAL_COLUMNS.join(", ")}).`,
      { columns: missing.map((column) => `Missing column: ${column}`) },
    );
  }
  return at;
}

/**
 * Reads an import: each row with consent and a valid name and address is kept; every other row is
 * skipped with the reason a person can act on. A row's number is the spreadsheet's, the header
 * being row 1, so it can be found in the sheet it came from.
 */
export function readContactsCsv(text: string): ReadContacts {
  const [header, ...body] = records(text);
  if (!header) throw refused("csv_empty", "The file is empty: its first row names the columns.");
  if (body.length > CONTACT_IMPORT_MAX_ROWS) {
    throw refused("csv_too_many_rows", `Import at most ${CONTACT_IMPORT_MAX_ROWS} contacts at a time.`);
  }
  const at = columnsOf(header);
  const rows: { row: number; contact: ContactImportRow }[] = [];
  const skipped: SkippedRow[] = [];
  const firstRowOf = new Map<string, number>();

  body.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: Column) => {
      const position = at[column];
      return position === undefined ? "" : (record[position] ?? "").trim();
    };
    const email = cell("email");
    const consent = cell("consent");
    if (!(CONSENT_VALUES as readonly string[]).includes(consent.toLowerCase())) {
      const said = consent ? `says "${consent}"` : "is empty";
      skipped.push({
        row,
        email,
        reason: `No consent recorded: the consent column ${said} (${CONSENT_WORDS} means consent)`,
      });
      return;
    }
    const parsed = contactImportRow.safeParse({
      name: cell("name"),
      email,
      outlet: cell("outlet"),
      beat: cell("beat"),
      phone: cell("phone"),
      tags: cell("tags"),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      skipped.push({ row, email, reason: `${String(issue?.path[0] ?? "row")}: ${issue?.message ?? "not valid"}` });
      return;
    }
    const first = firstRowOf.get(parsed.data.email);
    if (first !== undefined) {
      skipped.push({ row, email, reason: `The same address is on row ${first}` });
      return;
    }
    firstRowOf.set(parsed.data.email, row);
    rows.push({ row, contact: parsed.data });
  });
  return { rows, skipped };
}
