import type { Context } from "hono";
import type { UserRow } from "../accounts/users.ts";
import type { AppEnv } from "../app-env.ts";
import {
  AUDIT_EDIT_WINDOW_MINUTES,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
} from "./contracts/workspaces.ts";

/**
 * `workspace_audit`: what was done in a workspace, by whom and to what. `audit` is a statement, so
 * a route puts it in the batch of the write it records where it can; the actor's name and e-mail
 * are copied as they are now.
 */

/** Who did it: the signed-in person, or nobody the workspace could name. */
type Actor = Pick<UserRow, "id" | "name" | "email">;

/** One entry of workspace `workspaceId`'s log: `actor` did `action` to `target` (in words). */
export function audit(
  db: D1Database,
  workspaceId: string,
  actor: Actor,
  action: AuditAction,
  target: string,
  /** A SQL condition: the entry is written only if the write it records was made, in the same batch. */
  when = "1",
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO workspace_audit (id, workspace_id, at, actor_id, actor_name, actor_email, action, target)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${when}`,
    )
    .bind(
      crypto.randomUUID(),
      workspaceId,
      new Date().toISOString(),
      actor.id,
      actor.name,
      actor.email,
      action,
      target,
    );
}

/** Writes one entry on its own, for a write that has no batch of its own to join. */
export async function auditNow(
  db: D1Database,
  workspaceId: string,
  actor: Actor,
  action: AuditAction,
  target: string,
): Promise<void> {
  await audit(db, workspaceId, actor, action, target).run();
}

/** Records that the signed-in person did `action` to `target` in the workspace the request acts in. */
export async function auditRequest(c: Context<AppEnv>, action: AuditAction, target: string): Promise<void> {
  await auditNow(c.env.DB, c.var.account.id, c.var.user, action, target);
}

/** The actions recorded at most once per `AUDIT_EDIT_WINDOW_MINUTES` for one person and one thing. */
type EditAction = Extract<AuditAction, "release.edited" | "press_kit.edited" | "vocabulary.edited" | "contact.edited">;

/**
 * An entry that `actor` edited `targetId` (`target` in words), unless they already have one for it
 * from the last `AUDIT_EDIT_WINDOW_MINUTES`: a release saves every few seconds while someone types,
 * and an entry for each save would bury the rest of the log. The insert decides in one statement,
 * so two saves at once cannot both add an entry. The window is keyed on the id, not the words,
 * since a headline changes as it is edited.
 */
function auditEdit(
  db: D1Database,
  workspaceId: string,
  actor: Actor,
  action: EditAction,
  target: string,
  targetId: string,
): D1PreparedStatement {
  const now = Date.now();
  return db
    .prepare(
      `INSERT INTO workspace_audit (id, workspace_id, at, actor_id, actor_name, actor_email, action, target, target_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
       WHERE NOT EXISTS (SELECT 1 FROM workspace_audit WHERE workspace_id = ?2 AND actor_id = ?4 AND action = ?7
                           AND target_id = ?9 AND at > ?10)`,
    )
    .bind(
      crypto.randomUUID(),
      workspaceId,
      new Date(now).toISOString(),
      actor.id,
      actor.name,
      actor.email,
      action,
      target,
      targetId,
      new Date(now - AUDIT_EDIT_WINDOW_MINUTES * 60_000).toISOString(),
    );
}

/** `auditEdit` for the request's person in the workspace the request acts in, as a statement for its batch. */
export function auditEditOf(
  c: Context<AppEnv>,
  action: EditAction,
  target: string,
  targetId: string,
): D1PreparedStatement {
  return auditEdit(c.env.DB, c.var.account.id, c.var.user, action, target, targetId);
}

/** `auditEditOf`, written on its own, for a write that has no batch to join. */
export async function auditEditRequest(
  c: Context<AppEnv>,
  action: EditAction,
  target: string,
  targetId: string,
): Promise<void> {
  await auditEditOf(c, action, target, targetId).run();
}

/** A release as the log names it: its headline, or its recording's file name before it has one. */
export function releaseTarget(headline: string, fileName: string): string {
  const words = headline.trim() || fileName;
  return words.length > 160 ? `${words.slice(0, 159)}…` : words;
}

interface AuditRow {
  readonly at: string;
  readonly actor_name: string;
  readonly actor_email: string;
  readonly action: AuditEntry["action"];
  readonly target: string;
}

/** A page of the workspace's log, the newest first. */
export async function auditPageOf(
  db: D1Database,
  workspaceId: string,
  limit: number,
  offset: number,
): Promise<AuditPage> {
  const { results } = await db
    .prepare(
      `SELECT at, actor_name, actor_email, action, target FROM workspace_audit WHERE workspace_id = ?
       ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .bind(workspaceId, limit + 1, offset)
    .all<AuditRow>();
  const items = results.slice(0, limit).map((row) => ({
    at: row.at,
    actor: { name: row.actor_name, email: row.actor_email },
    action: row.action,
    target: row.target,
  }));
  return { items, next_offset: results.length > limit ? offset + limit : null };
}

/**
 * What erasing person `userId` (whose address is `email`) does to other workspaces' logs: what
 * they did stays, by "A former member", and an entry about them names them the same way, so
 * neither their name nor their address is kept. Two statements for the erasure's batch.
 */
export function forgetActor(db: D1Database, userId: string, email: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        "UPDATE workspace_audit SET actor_id = NULL, actor_name = 'A former member', actor_email = '' WHERE actor_id = ?",
      )
      .bind(userId),
    db
      .prepare(
        "UPDATE workspace_audit SET target = replace(target, ?1, 'a former member') WHERE instr(lower(target), lower(?1)) > 0",
      )
      .bind(email),
  ];
}

/** Deletes workspace `workspaceId`'s log, for erasing its owner. */
export function deleteAuditOf(db: D1Database, workspaceId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM workspace_audit WHERE workspace_id = ?").bind(workspaceId);
}

/** Deletes up to `limit` entries older than `before`, for the scheduled run. */
export function deleteAuditBefore(db: D1Database, before: string, limit: number): D1PreparedStatement {
  return db
    .prepare("DELETE FROM workspace_audit WHERE id IN (SELECT id FROM workspace_audit WHERE at < ? LIMIT ?)")
    .bind(before, limit);
}

/** What the person did, in every log, credited to their new row when they hand over their workspace. */
export function moveActor(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE workspace_audit SET actor_id = ?2 WHERE actor_id = ?1").bind(from, to);
}
