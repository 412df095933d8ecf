import { accountExists } from "../accounts/users.ts";
import { ENTERPRISE_SEATS, PLANS } from "../billing/contracts/plans.ts";
import type { Invitation, MemberRole, Role } from "./contracts/workspaces.ts";

/**
 * `workspace_members` (who belongs to which workspace, and as what), `workspace_invitations` (the
 * invitations waiting to be accepted) and `workspace_seats` (an Enterprise contract's seats). A
 * workspace's id is its owner's user id (docs/decisions/023-a-workspace-is-its-owners-account.md).
 */

/** The owner's membership of the workspace that is their new account, for the sign-up batch. */
export function ownerMembership(db: D1Database, userId: string, createdAt: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
       SELECT ?1, ?1, 'owner', ?2 WHERE ${accountExists("?1")} ON CONFLICT DO NOTHING`,
    )
    .bind(userId, createdAt);
}

/**
 * The role of person `person` in workspace `workspace` (both SQL expressions), as a SQL expression
 * that is NULL for a non-member; a person's own workspace is always theirs.
 */
export const roleIn = (workspace: string, person: string) =>
  `(CASE WHEN ${workspace} = ${person} THEN 'owner' ELSE
     (SELECT role FROM workspace_members WHERE workspace_id = ${workspace} AND user_id = ${person}) END)`;

/** Person `userId`'s role in workspace `workspaceId`, or null for a non-member. */
export async function roleOf(db: D1Database, workspaceId: string, userId: string): Promise<Role | null> {
  if (workspaceId === userId) return "owner";
  const row = await db
    .prepare("SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
    .bind(workspaceId, userId)
    .first<{ role: Role }>();
  return row?.role ?? null;
}

/** The workspaces person `person` (a SQL expression) is a member of, their own included, as a SQL list for `IN`. */
export const workspacesOfMember = (person: string) =>
  `(SELECT workspace_id FROM workspace_members WHERE user_id = ${person})`;

interface MemberRow {
  readonly user_id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
}

/** One member of the workspace, or null. */
export function memberIn(db: D1Database, workspaceId: string, userId: string): Promise<MemberRow | null> {
  return db
    .prepare(
      `SELECT m.user_id, u.name, u.email, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id
       WHERE m.workspace_id = ? AND m.user_id = ?`,
    )
    .bind(workspaceId, userId)
    .first<MemberRow>();
}

/** The workspace's people, the owner first, then by name. */
export async function membersOf(db: D1Database, workspaceId: string): Promise<MemberRow[]> {
  const { results } = await db
    .prepare(
      `SELECT m.user_id, u.name, u.email, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id
       WHERE m.workspace_id = ? ORDER BY m.role = 'owner' DESC, u.name COLLATE NOCASE, u.email`,
    )
    .bind(workspaceId)
    .all<MemberRow>();
  return results;
}

export interface MembershipRow {
  readonly workspace_id: string;
  readonly role: Role;
  /** The owner's organisation, or their name when they gave none. */
  readonly name: string;
  readonly plan: string | null;
  readonly members: number;
  readonly sold_seats: number | null;
}

const MEMBERSHIP_COLUMNS = `m.workspace_id, m.role,
  CASE WHEN trim(o.organization_name) = '' THEN o.name ELSE o.organization_name END AS name, o.plan,
  (SELECT COUNT(*) FROM workspace_members e WHERE e.workspace_id = m.workspace_id) AS members,
  (SELECT seats FROM workspace_seats s WHERE s.workspace_id = m.workspace_id) AS sold_seats`;

/** The workspaces person `userId` belongs to, their own first. */
export async function membershipsOf(db: D1Database, userId: string): Promise<MembershipRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM workspace_members m JOIN users o ON o.id = m.workspace_id
       WHERE m.user_id = ? ORDER BY m.role = 'owner' DESC, name COLLATE NOCASE, m.workspace_id`,
    )
    .bind(userId)
    .all<MembershipRow>();
  return results;
}

/** One workspace as its member `userId` sees it, or null for a non-member. */
export function membershipIn(db: D1Database, workspaceId: string, userId: string): Promise<MembershipRow | null> {
  return db
    .prepare(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM workspace_members m JOIN users o ON o.id = m.workspace_id
       WHERE m.workspace_id = ? AND m.user_id = ?`,
    )
    .bind(workspaceId, userId)
    .first<MembershipRow>();
}

/** The people a workspace on `plan` may hold, the owner included (no plan: the owner alone). */
export function seatLimit(plan: string | null, soldSeats: number | null): number {
  const found = PLANS.find((p) => p.id === plan);
  if (!found) return 1;
  if (found.seats !== null) return found.seats;
  return soldSeats ?? ENTERPRISE_SEATS;
}

/** Changes a member's role; the owner's row never changes. Answers whether a member was changed. */
export async function changeRole(db: D1Database, workspaceId: string, userId: string, role: MemberRole) {
  const row = await db
    .prepare(
      "UPDATE workspace_members SET role = ? WHERE workspace_id = ? AND user_id = ? AND role != 'owner' RETURNING role",
    )
    .bind(role, workspaceId, userId)
    .first<{ role: Role }>();
  return row !== null;
}

/** Deletes a member's row (never the owner's), as a statement for the caller's batch. */
export function deleteMembership(db: D1Database, workspaceId: string, userId: string): D1PreparedStatement {
  return db
    .prepare(
      "DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ? AND role != 'owner' RETURNING user_id",
    )
    .bind(workspaceId, userId);
}

/** A SQL string literal of `value`, for a condition that rides in other statements with their own parameters. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** True once person `userId` is the owner of workspace `workspaceId`: the condition a hand-over's other writes wait on. */
export const isOwnerOf = (workspaceId: string, userId: string) =>
  `EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ${literal(workspaceId)}
     AND user_id = ${literal(userId)} AND role = 'owner')`;

/**
 * Makes member `userId` the owner of the workspace, only while `owner` still is; answers the new
 * owner's id when it was made. The first statement of a hand-over's batch.
 */
export function promoteToOwner(db: D1Database, workspaceId: string, userId: string, owner: string) {
  return db
    .prepare(
      `UPDATE workspace_members SET role = 'owner' WHERE workspace_id = ?1 AND user_id = ?2 AND role != 'owner'
         AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?3 AND role = 'owner')
       RETURNING user_id`,
    )
    .bind(workspaceId, userId, owner);
}

/**
 * The former owner stays in the workspace as an admin, as `as` (their new row when they handed
 * over the workspace they signed up with, else themselves); only `when`.
 */
export function formerOwnerStays(db: D1Database, workspaceId: string, owner: string, as: string, when: string) {
  return db
    .prepare(
      `UPDATE workspace_members SET user_id = ?3, role = 'admin'
       WHERE workspace_id = ?1 AND user_id = ?2 AND role = 'owner' AND ${when}`,
    )
    .bind(workspaceId, owner, as);
}

/** Person `from`'s memberships of other workspaces and the invitations they sent, moved to their new row `to`. */
export function moveMemberships(db: D1Database, from: string, to: string): D1PreparedStatement[] {
  return [
    db.prepare("UPDATE workspace_members SET user_id = ?2 WHERE user_id = ?1 AND workspace_id != ?1").bind(from, to),
    db.prepare("UPDATE workspace_invitations SET invited_by = ?2 WHERE invited_by = ?1").bind(from, to),
  ];
}

/** The workspaces other than their own that person `userId` owns (handed to them), for erasing their account. */
export async function handedWorkspacesOf(db: D1Database, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT workspace_id FROM workspace_members WHERE user_id = ?1 AND role = 'owner' AND workspace_id != ?1")
    .bind(userId)
    .all<{ workspace_id: string }>();
  return results.map((row) => row.workspace_id);
}

/** Person `userId`'s memberships of other people's workspaces, for erasing their account. */
export function deleteMembershipsOf(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM workspace_members WHERE user_id = ? AND workspace_id != user_id").bind(userId);
}

/** Everyone's memberships of workspace `workspaceId` and its invitations, for erasing its owner. */
export function deleteWorkspaceRows(db: D1Database, workspaceId: string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM workspace_members WHERE workspace_id = ?").bind(workspaceId),
    db.prepare("DELETE FROM workspace_invitations WHERE workspace_id = ?").bind(workspaceId),
    db.prepare("DELETE FROM workspace_seats WHERE workspace_id = ?").bind(workspaceId),
  ];
}

/**
 * The invitations person `userId` sent in workspace `workspaceId`, for removing them from it: an
 * invitation a removed admin sent would otherwise let whoever they chose in after them.
 */
export function deleteInvitationsSentIn(db: D1Database, workspaceId: string, userId: string): D1PreparedStatement {
  return db
    .prepare("DELETE FROM workspace_invitations WHERE workspace_id = ? AND invited_by = ?")
    .bind(workspaceId, userId);
}

/** The invitations person `userId` sent, in any workspace, for erasing their account. */
export function deleteInvitationsSentBy(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM workspace_invitations WHERE invited_by = ?").bind(userId);
}

interface InvitationRow {
  readonly id: string;
  readonly workspace_id: string;
  readonly email: string;
  readonly role: MemberRole;
  readonly invited_by: string;
  readonly created_at: string;
  readonly expires_at: string;
}

export function invitationFromRow(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/** The workspace's invitations still waiting (expired ones are not listed), the newest first. */
export async function invitationsOf(db: D1Database, workspaceId: string, now: string): Promise<InvitationRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, workspace_id, email, role, invited_by, created_at, expires_at FROM workspace_invitations
       WHERE workspace_id = ? AND expires_at > ? ORDER BY created_at DESC, id`,
    )
    .bind(workspaceId, now)
    .all<InvitationRow>();
  return results;
}

/** How many people the workspace holds and how many invitations wait, and whether `email` is either. */
export async function seatCount(
  db: D1Database,
  workspaceId: string,
  email: string,
  now: string,
): Promise<{ members: number; pending: number; member: boolean; invited: boolean }> {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM workspace_members WHERE workspace_id = ?1) AS members,
         (SELECT COUNT(*) FROM workspace_invitations WHERE workspace_id = ?1 AND expires_at > ?3) AS pending,
         EXISTS (SELECT 1 FROM workspace_members m JOIN users u ON u.id = m.user_id
           WHERE m.workspace_id = ?1 AND u.email = ?2) AS member,
         EXISTS (SELECT 1 FROM workspace_invitations WHERE workspace_id = ?1 AND email = ?2 AND expires_at > ?3) AS invited`,
    )
    .bind(workspaceId, email, now)
    .first<{ members: number; pending: number; member: number; invited: number }>();
  return {
    members: row?.members ?? 0,
    pending: row?.pending ?? 0,
    member: Boolean(row?.member),
    invited: Boolean(row?.invited),
  };
}

/**
 * A new invitation, replacing an expired one to the same address; it is written only while the
 * workspace holds fewer than `limit` people and invitations together, and fewer than `pendingMax`
 * invitations, so two sent at once cannot pass the seats. Null when it was not written.
 */
export function insertInvitation(
  db: D1Database,
  invitation: InvitationRow & { token_hash: string },
  limit: number,
  pendingMax: number,
): Promise<InvitationRow | null> {
  return db
    .prepare(
      `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
       WHERE (SELECT COUNT(*) FROM workspace_members WHERE workspace_id = ?2)
           + (SELECT COUNT(*) FROM workspace_invitations WHERE workspace_id = ?2 AND expires_at > ?7 AND email != ?3) < ?9
         AND (SELECT COUNT(*) FROM workspace_invitations WHERE workspace_id = ?2 AND expires_at > ?7 AND email != ?3) < ?10
       ON CONFLICT (workspace_id, email) DO UPDATE SET id = excluded.id, role = excluded.role,
         token_hash = excluded.token_hash, invited_by = excluded.invited_by, created_at = excluded.created_at,
         expires_at = excluded.expires_at
       WHERE workspace_invitations.expires_at <= excluded.created_at
       RETURNING id, workspace_id, email, role, invited_by, created_at, expires_at`,
    )
    .bind(
      invitation.id,
      invitation.workspace_id,
      invitation.email,
      invitation.role,
      invitation.token_hash,
      invitation.invited_by,
      invitation.created_at,
      invitation.expires_at,
      limit,
      pendingMax,
    )
    .first<InvitationRow>();
}

/** Deletes a waiting invitation of the workspace; answers its row, or null when there was none. */
export function deleteInvitation(db: D1Database, workspaceId: string, id: string): Promise<InvitationRow | null> {
  return db
    .prepare(
      "DELETE FROM workspace_invitations WHERE workspace_id = ? AND id = ? RETURNING id, workspace_id, email, role, invited_by, created_at, expires_at",
    )
    .bind(workspaceId, id)
    .first<InvitationRow>();
}

/** The invitation a link's token stands for, expired or not, or null. */
export function invitationByToken(db: D1Database, tokenHash: string): Promise<InvitationRow | null> {
  return db
    .prepare(
      "SELECT id, workspace_id, email, role, invited_by, created_at, expires_at FROM workspace_invitations WHERE token_hash = ?",
    )
    .bind(tokenHash)
    .first<InvitationRow>();
}

/**
 * Accepting: the person's membership, written only while the invitation is unexpired and the
 * workspace has a seat free (`limit` people at most), then the invitation deleted only if the
 * membership was written; one batch, so a link is used once and two acceptances cannot both pass.
 */
export function acceptStatements(
  db: D1Database,
  tokenHash: string,
  userId: string,
  now: string,
  limit: number,
): [insert: D1PreparedStatement, spend: D1PreparedStatement] {
  return [
    db
      .prepare(
        `INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
         SELECT workspace_id, ?2, role, ?3 FROM workspace_invitations i
         WHERE token_hash = ?1 AND expires_at > ?3
           AND (SELECT COUNT(*) FROM workspace_members WHERE workspace_id = i.workspace_id) < ?4
         ON CONFLICT DO NOTHING RETURNING workspace_id`,
      )
      .bind(tokenHash, userId, now, limit),
    db
      .prepare(
        `DELETE FROM workspace_invitations WHERE token_hash = ?1 AND EXISTS
           (SELECT 1 FROM workspace_members m WHERE m.workspace_id = workspace_invitations.workspace_id
              AND m.user_id = ?2 AND m.created_at = ?3)`,
      )
      .bind(tokenHash, userId, now),
  ];
}

/** Deletes up to `limit` invitations that expired before `now`, for the scheduled run. */
export function deleteExpiredInvitations(db: D1Database, now: string, limit: number): D1PreparedStatement {
  return db
    .prepare(
      "DELETE FROM workspace_invitations WHERE id IN (SELECT id FROM workspace_invitations WHERE expires_at <= ? LIMIT ?)",
    )
    .bind(now, limit);
}
