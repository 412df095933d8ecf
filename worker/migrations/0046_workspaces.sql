-- Workspaces (issue 44): a workspace is its owner's account, so its id is the owner's user id and
-- `user_id` on every row of shared work already names it; nothing of the work moves
-- (docs/decisions/023-a-workspace-is-its-owners-account.md, docs/workspaces.md).

-- Who belongs to which workspace, and as what. Every account is the owner of its own: sign-up adds
-- the owner's row in the batch that creates the account, and the backfill below adds one for every
-- account made before. Either person's account going takes the membership with it.
CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin', 'owner')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user ON workspace_members (user_id);

INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
SELECT id, id, 'owner', created_at FROM users;

-- An invitation waiting for its e-mail's account to accept it. Only the token's hash is kept; the
-- link holds the token. Accepting deletes the row, so a link works once. `invited_by` is the person
-- who sent it (their invitations go when their account does).
CREATE TABLE workspace_invitations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  UNIQUE (workspace_id, email)
);

-- What was done in a workspace and by whom. The actor's name and e-mail are copied, so an entry
-- still reads after the person leaves; erasing their account blanks them ("A former member") and
-- clears `actor_id`. Kept AUDIT_RETENTION_DAYS, then deleted by the scheduled run.
CREATE TABLE workspace_audit (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  actor_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  actor_name TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL
);
CREATE INDEX workspace_audit_at ON workspace_audit (workspace_id, at);
CREATE INDEX workspace_audit_actor ON workspace_audit (actor_id);

-- The seats an Enterprise contract sold, once recorded for the workspace (by hand, by whoever signs
-- the contract); without a row an Enterprise workspace has ENTERPRISE_SEATS. Other plans' seats are
-- the plan table's (worker/billing/contracts/plans.ts).
CREATE TABLE workspace_seats (
  workspace_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  seats INTEGER NOT NULL CHECK (seats >= 1),
  recorded_at TEXT NOT NULL
);

-- Who minted a player URL, when that is a member acting in someone else's workspace: removing the
-- member deletes the URLs they hold in it. NULL for the owner's own and for a job's.
ALTER TABLE media_grants ADD COLUMN minted_by TEXT REFERENCES users (id) ON DELETE CASCADE;
