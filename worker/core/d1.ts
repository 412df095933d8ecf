/** What the stores share about talking to D1. */

declare const rowType: unique symbol;

/**
 * A statement that knows the type of the rows it answers, so a store can hand it to a caller's
 * batch and the caller still reads typed rows.
 */
export type RowsStatement<Row> = D1PreparedStatement & { readonly [rowType]?: Row };

type RowsOf<Statements> = {
  -readonly [K in keyof Statements]: Statements[K] extends RowsStatement<infer Row> ? Row[] : never;
};

/** Which rows of an ordered query to answer: `limit` of them after the first `offset`. */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** `sql`, which ends with an ORDER BY that gives every row one place, limited to `page` when there is one. */
export function pagedStatement<Row>(
  db: D1Database,
  sql: string,
  binds: readonly unknown[],
  page?: Page,
): RowsStatement<Row> {
  return page
    ? db.prepare(`${sql} LIMIT ? OFFSET ?`).bind(...binds, page.limit, page.offset)
    : db.prepare(sql).bind(...binds);
}

/** The statement's rows `size` at a time, so a reader holds one page of a table however long it is. */
export async function* rowPages<Row>(
  statement: (page: Page) => RowsStatement<Row>,
  size: number,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const { results } = await statement({ limit: size, offset }).all<Row>();
    if (results.length) yield results;
    if (results.length < size) return;
  }
}

/** The statement's rows one by one, read `size` at a time. */
export async function* pagedRows<Row>(
  statement: (page: Page) => RowsStatement<Row>,
  size: number,
): AsyncGenerator<Row> {
  for await (const page of rowPages(statement, size)) yield* page;
}

/** Runs the statements as one D1 batch (one round trip, one transaction) and answers each one's rows. */
export async function batchRows<const Statements extends readonly RowsStatement<unknown>[]>(
  db: D1Database,
  statements: Statements,
): Promise<RowsOf<Statements>> {
  const results = await db.batch([...statements]);
  return results.map((result) => result.results) as RowsOf<Statements>;
}

/** Rejects when the database cannot be reached; the cheapest statement D1 runs. */
export async function pingDatabase(db: D1Database): Promise<void> {
  await db.prepare("SELECT 1").first();
}

/** `?, ?, …` for a list bound one value per item, as in `IN (…)`. */
export const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/**
 * What follows `UPDATE <table> SET` to rename the speakers of a user's row with a JSON merge patch,
 * where a null removes a name; it binds (patch, id, user id). `speakerNamesAfter` reads the answer.
 */
export const SPEAKER_NAMES_PATCH =
  "speaker_names = json_patch(COALESCE(speaker_names, '{}'), ?) WHERE id = ? AND user_id = ? RETURNING speaker_names AS names";

/** The names after a `SPEAKER_NAMES_PATCH` update, or null when the user has no row with that id. */
export async function speakerNamesAfter(update: D1PreparedStatement): Promise<string | null> {
  return (await update.first<{ names: string }>())?.names ?? null;
}
