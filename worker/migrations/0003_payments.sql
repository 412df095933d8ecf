-- Orders for plan purchases. An order is fulfilled at most once: the first of callback or webhook
-- to move it from pending to paid (recording its own fulfilment id) extends the user's plan.
CREATE TABLE orders (
  reference TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan TEXT NOT NULL,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
  fulfilment_id TEXT,
  created_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC);

-- Transactions of the sandbox payment provider. Only the sandbox writes here.
CREATE TABLE sandbox_paystack_transactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  access_code TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  callback_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('abandoned', 'success', 'failed')),
  created_at TEXT NOT NULL,
  paid_at TEXT
);
