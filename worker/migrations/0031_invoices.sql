-- Invoices: one per paid order, numbered from one gap-free sequence per issuer (VOX-2026-000001).
-- The number is taken in the batch that settles the order, only by the fulfilment that won it, so a
-- payment verified twice (callback and webhook, a retried webhook, a sweep) makes one invoice. The
-- buyer, plan, period and amounts are copied as billed: an issued invoice never changes.
CREATE TABLE invoice_sequences (
  issuer TEXT PRIMARY KEY,
  last_number INTEGER NOT NULL CHECK (last_number > 0)
);

-- Invoices are tax records and outlive the account (docs/decisions/020-invoices-are-kept-without-the-person.md):
-- erasure drops the account link and the person's name and e-mail, and keeps the rest.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  issuer TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  number TEXT NOT NULL UNIQUE,
  order_reference TEXT NOT NULL UNIQUE,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  issued_at TEXT NOT NULL,
  customer_name TEXT,
  customer_email TEXT,
  organisation TEXT NOT NULL DEFAULT '',
  plan TEXT NOT NULL,
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  vat_kobo INTEGER NOT NULL CHECK (vat_kobo >= 0),
  currency TEXT NOT NULL,
  -- When its receipt e-mail was handed to the provider; null until then, so a second verification
  -- sends it (under the same idempotency key) if the first could not.
  mailed_at TEXT,
  UNIQUE (issuer, sequence)
);
CREATE INDEX invoices_user_issued ON invoices (user_id, issued_at DESC);

-- The sandbox outbox keeps what a message carried attached ([{filename, content}], content base64).
ALTER TABLE sandbox_mail ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
