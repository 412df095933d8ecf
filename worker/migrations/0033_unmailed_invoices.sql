-- The scheduled run looks for receipts the mail provider refused (worker/billing/receipt-retry.ts):
-- only the few invoices not yet mailed are in this index, so the look-up stays small as invoices grow.
CREATE INDEX invoices_unmailed ON invoices (issued_at) WHERE mailed_at IS NULL;
