-- Edits in the workspace audit log (issue 44). A release is saved every few seconds while someone
-- types, so one person's edits of one thing make at most one entry an hour: the insert itself skips
-- when the same person has an entry for the same action on the same thing within the hour
-- (worker/workspaces/audit.ts, docs/workspaces.md). An entry's target is in words, and a release's
-- headline changes while it is edited, so the lookup keys on `target_id`: the id of what was edited
-- (a release's job id, a contact's id, or for the press kit and the vocabulary the workspace's
-- own). It holds ids of work, no name or address, so erasure has nothing in it to scrub (the
-- workspace's own id goes with its log when its owner's account does). NULL on entries that are not
-- coalesced.
ALTER TABLE workspace_audit ADD COLUMN target_id TEXT;

-- Serves the insert's NOT EXISTS lookup; only coalesced entries carry a target_id.
CREATE INDEX workspace_audit_edits ON workspace_audit (workspace_id, actor_id, action, target_id, at)
WHERE target_id IS NOT NULL;
