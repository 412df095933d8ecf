-- Paid tool calls per user, tool and fixed window (TOOL_RATE_LIMITS). Counted in the same D1 batch
-- that checks the session, so a tool call makes one round trip before its provider is called.
CREATE TABLE tool_usage (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tool TEXT NOT NULL,
  window_started_at INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (user_id, tool)
);
