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

-- Orders paid before invoices existed get theirs, numbered in the order they were paid and dated
-- then, already mailed (their receipts went out, or were never sent, long ago). A checkout's period
-- is taken to start when it was paid: an upgrade that ran on from a Monthly period is the exception.
-- Orders of deleted accounts have nobody to bill and get none.
INSERT INTO invoice_sequences (issuer, last_number)
  SELECT 'VOX', count(*) FROM orders JOIN users ON users.id = orders.user_id WHERE orders.status = 'paid'
  HAVING count(*) > 0;
INSERT INTO invoices (id, issuer, sequence, number, order_reference, user_id, issued_at, customer_name,
    customer_email, organisation, plan, period_start, period_end, amount_kobo, vat_kobo, currency, mailed_at)
  SELECT lower(hex(randomblob(16))), 'VOX', sequence,
    'VOX-' || substr(paid_at, 1, 4) || '-' || printf('%06d', sequence), reference, user_id, paid_at, name, email,
    organisation, plan, period_start,
    strftime('%Y-%m-%dT%H:%M:%fZ', period_start, CASE plan WHEN 'yearly' THEN '+1 years' ELSE '+1 months' END),
    amount_kobo, CAST(round(amount_kobo * 0.075 / 1.075) AS INTEGER), currency, paid_at
  FROM (
    SELECT orders.*, users.name, users.email,
      coalesce((SELECT organisations.name FROM organisations WHERE organisations.user_id = users.id),
        users.organization_name) AS organisation,
      coalesce(orders.renews_from, orders.paid_at) AS period_start,
      row_number() OVER (ORDER BY orders.paid_at, orders.reference) AS sequence
    FROM orders JOIN users ON users.id = orders.user_id
    WHERE orders.status = 'paid'
  );

-- The sandbox outbox keeps what a message carried attached ([{filename, content}], content base64).
ALTER TABLE sandbox_mail ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
