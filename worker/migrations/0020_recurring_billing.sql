-- Recurring billing. One row per account that has paid: the period its plan runs to, whether it
-- renews itself, the renewal's state, and the reusable card authorization of its first successful
-- payment (never the card number: Paystack keeps that). It goes with the account.
CREATE TABLE subscriptions (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  period_end TEXT NOT NULL,
  auto_renew INTEGER NOT NULL DEFAULT 1 CHECK (auto_renew IN (0, 1)),
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'grace', 'lapsed')),
  -- Set by the first failed renewal charge of a period: access lasts until then, retries continue.
  grace_until TEXT,
  -- Failed renewal charges of this period; part of the next charge's reference.
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  authorization_code TEXT,
  -- Paystack charges an authorization only together with the e-mail it was created for.
  authorization_email TEXT,
  card_brand TEXT,
  card_last4 TEXT,
  card_exp_month TEXT,
  card_exp_year TEXT
);
CREATE INDEX subscriptions_due ON subscriptions (period_end) WHERE state != 'lapsed';

-- A renewal is an order too (so its receipt is an accounting record like any other). Its reference
-- is fixed by account, period and attempt, so the primary key is the claim two overlapping sweeps
-- race for, and Paystack refuses a second charge under it. renews_from is the period end it continues.
ALTER TABLE orders ADD COLUMN renews_from TEXT;

-- The sandbox's billing clock (days the billing code runs ahead) and the customers whose cards the
-- sandbox Paystack declines. Only the sandbox writes here.
CREATE TABLE sandbox_billing_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  offset_ms INTEGER NOT NULL
);
CREATE TABLE sandbox_paystack_declines (email TEXT PRIMARY KEY);
-- A sandbox charge of a kept authorization answers with that authorization: the access code of the
-- checkout that created it.
ALTER TABLE sandbox_paystack_transactions ADD COLUMN authorization_of TEXT;
