import { billingEmailOf } from "../accounts/users.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";

/**
 * Invoices and their numbers. One gap-free sequence per issuer: the number is taken in the D1 batch
 * (a transaction) that settles an order, by the statements `issueInvoice` answers, and only when the
 * fulfilment that batch carries won the order, so a payment verified twice makes one invoice and
 * takes one number. An invoice copies the buyer, plan, period and amounts as billed.
 */

/** The issuer whose sequence numbers Vox's invoices (`VOX-2026-000001`). */
const INVOICE_ISSUER = "VOX";

export interface InvoiceRow {
  id: string;
  issuer: string;
  sequence: number;
  number: string;
  order_reference: string;
  /** Null once the account was deleted: the invoice stays as a tax record. */
  user_id: string | null;
  issued_at: string;
  customer_name: string | null;
  customer_email: string | null;
  organisation: string;
  plan: string;
  period_start: string;
  period_end: string;
  amount_kobo: number;
  vat_kobo: number;
  currency: string;
  mailed_at: string | null;
}

/** The order an invoice is for, and who won it: what `fulfilment` in `orders.ts` knows. */
interface InvoiceFor {
  readonly reference: string;
  readonly fulfilmentId: string;
  readonly issuedAt: string;
  /** A SQLite date modifier going back one period from the plan's new end (`-1 months`). */
  readonly periodBack: string;
  readonly vatKobo: number;
}

/** The order won by this fulfilment, with its buyer: neither statement below does anything otherwise. */
const WON = `FROM orders JOIN users ON users.id = orders.user_id
  WHERE orders.reference = ?2 AND orders.fulfilment_id = ?3`;

/**
 * The statements, for the settling batch after the plan is extended, that take the issuer's next
 * number and write the invoice. Both read the same won order, so the number is taken exactly when
 * the invoice is written: no gap, no second invoice. The period is the one the payment added: it ends
 * at the account's new expiry.
 */
export function issueInvoice(db: D1Database, invoice: InvoiceFor): D1PreparedStatement[] {
  const won = [INVOICE_ISSUER, invoice.reference, invoice.fulfilmentId];
  return [
    db
      .prepare(
        `INSERT INTO invoice_sequences (issuer, last_number) SELECT ?1, 1 ${WON}
         ON CONFLICT (issuer) DO UPDATE SET last_number = last_number + 1`,
      )
      .bind(...won),
    db
      .prepare(
        `INSERT INTO invoices (id, issuer, sequence, number, order_reference, user_id, issued_at, customer_name,
           customer_email, organisation, plan, period_start, period_end, amount_kobo, vat_kobo, currency)
         SELECT ?4, ?1, invoice_sequences.last_number,
           ?1 || '-' || substr(?5, 1, 4) || '-' || printf('%06d', invoice_sequences.last_number),
           orders.reference, orders.user_id, ?5, users.name, ${billingEmailOf("users.id")},
           coalesce((SELECT name FROM organisations WHERE organisations.user_id = users.id), users.organization_name),
           orders.plan, strftime('%Y-%m-%dT%H:%M:%fZ', users.subscription_expires_at, ?6), users.subscription_expires_at,
           orders.amount_kobo, ?7, orders.currency
         FROM orders JOIN users ON users.id = orders.user_id JOIN invoice_sequences ON invoice_sequences.issuer = ?1
         WHERE orders.reference = ?2 AND orders.fulfilment_id = ?3`,
      )
      .bind(...won, crypto.randomUUID(), invoice.issuedAt, invoice.periodBack, invoice.vatKobo),
  ];
}

/** The account's invoices, newest first, at most `limit`. */
export function invoicesOf(db: D1Database, userId: string, limit = 100): RowsStatement<InvoiceRow> {
  return db.prepare("SELECT * FROM invoices WHERE user_id = ? ORDER BY sequence DESC LIMIT ?").bind(userId, limit);
}

/** One of the account's invoices; null when it is another account's or none. */
export function ownInvoice(db: D1Database, userId: string, id: string): Promise<InvoiceRow | null> {
  return db.prepare("SELECT * FROM invoices WHERE id = ? AND user_id = ?").bind(id, userId).first<InvoiceRow>();
}

/** The invoices of these orders, for the receipts that carry them. */
export function invoicesOfOrders(db: D1Database, references: readonly string[]): RowsStatement<InvoiceRow> {
  return db
    .prepare("SELECT * FROM invoices WHERE order_reference IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(references));
}

/** The orders of invoices issued since `since` whose receipts have not gone out, oldest first, at most `limit`. */
export function unmailedInvoiceOrders(db: D1Database, since: string, limit: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT order_reference FROM invoices
       WHERE mailed_at IS NULL AND customer_email IS NOT NULL AND issued_at >= ?
       ORDER BY issued_at LIMIT ?`,
    )
    .bind(since, limit);
}

/** Marks the receipts of these invoices sent, so a later verification of the same payment mails nobody. */
export function markInvoicesMailed(db: D1Database, ids: readonly string[], at: string): D1PreparedStatement {
  return db
    .prepare("UPDATE invoices SET mailed_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND mailed_at IS NULL")
    .bind(at, JSON.stringify(ids));
}

/**
 * Before the account goes: its invoices stay as tax records (decision 021) without the person's name
 * and e-mail; the organisation billed, the number, period and amounts are what the law keeps. The
 * person's address also finds the invoices they paid as the owner of a workspace they have since
 * handed over: those stay the workspace's, without the person.
 */
export function forgetInvoiceHolder(db: D1Database, userId: string, email: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE invoices SET customer_name = NULL, customer_email = NULL,
         user_id = CASE WHEN user_id = ?1 THEN NULL ELSE user_id END
       WHERE user_id = ?1 OR customer_email = ?2`,
    )
    .bind(userId, email);
}

/** A page of the account's invoices, oldest first, for the account's data export. */
export function invoicePagesOf(db: D1Database, userId: string, page: Page): RowsStatement<InvoiceRow> {
  return pagedStatement(db, "SELECT * FROM invoices WHERE user_id = ? ORDER BY sequence", [userId], page);
}
