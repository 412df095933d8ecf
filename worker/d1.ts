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
