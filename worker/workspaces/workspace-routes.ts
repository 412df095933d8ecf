import type { Context } from "hono";
import { Hono } from "hono";
import { handOverWorkspace } from "../accounts/hand-over.ts";
import { createSession, requireUser } from "../accounts/sessions.ts";
import { isoIn, randomToken, sha256Hex } from "../accounts/tokens.ts";
import { publicUser, type UserRow } from "../accounts/users.ts";
import type { AppEnv } from "../app-env.ts";
import { PLANS } from "../billing/contracts/plans.ts";
import { API, PAGE_PATHS } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { deliverInBackground } from "../core/mailer.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit, queryOf } from "../core/validate.ts";
import { deleteTicketsOfMember, endLiveSessions } from "../live/sign-out.ts";
import { deleteMediaGrantsMintedBy } from "../recordings/uploads/media-grants.ts";
import { deleteUnfinishedUploadsBy, freeUploadStorage, type UploadRow } from "../recordings/uploads/store.ts";
import { audit, auditNow, auditPageOf } from "./audit.ts";
import {
  acceptInvitationBody,
  auditQuery,
  type HandedOver,
  handOverBody,
  INVITATION_DAYS,
  invitationBody,
  PENDING_INVITATIONS_MAX,
  roleAtLeast,
  roleChangeBody,
  type Workspace,
} from "./contracts/workspaces.ts";
import {
  acceptStatements,
  changeRole,
  deleteInvitation,
  deleteInvitationsSentIn,
  deleteMembership,
  insertInvitation,
  invitationByToken,
  invitationFromRow,
  invitationsOf,
  type MembershipRow,
  memberIn,
  membershipIn,
  membershipsOf,
  membersOf,
  seatCount,
  seatLimit,
} from "./store.ts";

/**
 * `/api/workspaces` (the workspaces the signed-in person belongs to) and `/api/workspace` (the one
 * the request acts in: its members, invitations and audit log). Who may use each route is
 * `authorisation.ts`'s, checked by `requireUser`; docs/workspaces.md.
 */

const noStore = { "cache-control": "no-store" };
const DAY_MS = 24 * 60 * 60 * 1000;

function workspaceOf(row: MembershipRow): Workspace {
  return {
    id: row.workspace_id,
    name: row.name,
    role: row.role,
    seats: { used: row.members, limit: seatLimit(row.plan, row.sold_seats) },
  };
}

/** The workspace the request acts in, as its member sees it. */
async function currentWorkspace(c: Context<AppEnv>): Promise<Workspace> {
  const { account, user, role } = c.var;
  const row = await membershipIn(c.env.DB, account.id, user.id);
  if (row) return workspaceOf(row);
  // An account from before its owner's membership was written is its owner's workspace all the same.
  return {
    id: account.id,
    name: account.organization_name.trim() || account.name,
    role,
    seats: { used: 1, limit: seatLimit(account.plan, null) },
  };
}

const alreadyMember = () => new ApiError(409, "already_member", "You are already a member of this workspace.");

const memberNotFound = () => new ApiError(404, "member_not_found", "No such member of this workspace.");

/** Why a workspace on `plan` has no seat left, and what would give it one. */
function seatsFull(plan: string | null, limit: number): ApiError {
  const name = PLANS.find((p) => p.id === plan)?.name;
  const yearly = PLANS.find((p) => p.id === "yearly");
  if (limit <= 1) {
    const held = `${name ? `The ${name} plan` : "A workspace without a plan"} has the owner only`;
    return new ApiError(
      402,
      "seats_full",
      `${held}. ${yearly?.name} has ${yearly?.seats} seats and Enterprise as many as you need: change the plan to invite someone.`,
    );
  }
  const held = `${name ? `The ${name} plan` : "This workspace"} has ${limit} seats, and they are all taken or held for invitations`;
  const more = plan === "enterprise" ? "Ask us for more seats" : "Enterprise has as many as you need: change the plan";
  return new ApiError(402, "seats_full", `${held}. ${more}, or remove a member or revoke an invitation first.`);
}

/** 409 when `email` is a member of the workspace or invited to it already. */
function refuseInvitationOf(email: string, seats: { member: boolean; invited: boolean }): void {
  if (seats.member) throw new ApiError(409, "already_member", `${email} is already a member of this workspace.`);
  if (seats.invited) {
    throw new ApiError(
      409,
      "already_invited",
      `${email} has been invited already: revoke that invitation to send a new one.`,
    );
  }
}

const actorOf = (user: UserRow) => ({ id: user.id, name: user.name, email: user.email });

export const workspaces = new Hono<AppEnv>();
workspaces.use("*", requireUser);

workspaces.get(API.workspaces.at.list, async (c) => {
  const rows = await membershipsOf(c.env.DB, c.var.user.id);
  const items = rows.map(workspaceOf);
  if (!items.some((item) => item.id === c.var.user.id)) {
    const own = c.var.user;
    items.unshift({
      id: own.id,
      name: own.organization_name.trim() || own.name,
      role: "owner",
      seats: { used: 1, limit: seatLimit(own.plan, null) },
    });
  }
  return c.json({ items }, 200, noStore);
});

export const workspace = new Hono<AppEnv>();
workspace.use("*", requireUser);

workspace.get(API.workspace.at.workspace, async (c) => c.json(await currentWorkspace(c), 200, noStore));

workspace.get(API.workspace.at.members, async (c) =>
  c.json({ items: await membersOf(c.env.DB, c.var.account.id) }, 200, noStore),
);

workspace.patch(API.workspace.at.member, jsonBodyLimit, jsonBody(roleChangeBody), async (c) => {
  const { account, user } = c.var;
  const userId = c.req.param("userId");
  const member = await memberIn(c.env.DB, account.id, userId);
  if (!member || member.role === "owner") throw memberNotFound();
  await limitWrite(c, "memberRole");
  const { role } = c.req.valid("json");
  if (!(await changeRole(c.env.DB, account.id, userId, role))) throw memberNotFound();
  await auditNow(
    c.env.DB,
    account.id,
    actorOf(user),
    "member.role_changed",
    `${member.email}: ${member.role} to ${role}`,
  );
  return c.json({ ...member, role }, 200, noStore);
});

workspace.delete(API.workspace.at.member, async (c) => {
  const { account, user, role } = c.var;
  const userId = c.req.param("userId");
  const leaving = userId === user.id;
  if (!leaving && !roleAtLeast(role, "admin")) {
    throw new ApiError(
      403,
      "role_forbidden",
      "Removing another member needs the admin role or above in this workspace.",
    );
  }
  const member = await memberIn(c.env.DB, account.id, userId);
  if (!member) throw memberNotFound();
  if (member.role === "owner") {
    throw new ApiError(
      409,
      "owner_stays",
      "The owner cannot leave the workspace: hand it over to another member first (Settings › Team), or delete your account, which deletes it.",
    );
  }
  const [removed, , , , unfinished] = await c.env.DB.batch([
    deleteMembership(c.env.DB, account.id, userId),
    deleteMediaGrantsMintedBy(c.env.DB, account.id, userId),
    deleteTicketsOfMember(c.env.DB, account.id, userId),
    audit(c.env.DB, account.id, actorOf(user), leaving ? "member.left" : "member.removed", member.email),
    deleteUnfinishedUploadsBy(c.env.DB, account.id, userId),
    deleteInvitationsSentIn(c.env.DB, account.id, userId),
  ]);
  if (!removed?.results.length) throw memberNotFound();
  // Rows first, in the batch: a part still streaming then finds its upload gone and removes what it writes.
  for (const upload of (unfinished?.results ?? []) as UploadRow[]) await freeUploadStorage(c.env.AUDIO, upload);
  // Membership is read on every request, so the API is closed to them already; their open live
  // sessions in the workspace end now too.
  await endLiveSessions(c.env, { workspaceId: account.id, member: userId });
  // As every deletion answers: a message the site can show (it reads each answer as JSON).
  const message = leaving ? "You left the workspace." : `${member.name} was removed from the workspace.`;
  return c.json({ message }, 200, noStore);
});

workspace.post(API.workspace.at.owner, jsonBodyLimit, jsonBody(handOverBody), async (c) => {
  const { account, user } = c.var;
  const member = await memberIn(c.env.DB, account.id, c.req.valid("json").user_id);
  if (!member) throw memberNotFound();
  if (member.user_id === user.id)
    throw new ApiError(409, "already_owner", "You are the owner of this workspace already.");
  await limitWrite(c, "handOver");
  const formerOwner = await handOverWorkspace(c, member);
  if (!formerOwner) throw memberNotFound();
  const row = await membershipIn(c.env.DB, account.id, formerOwner.id);
  if (!row) throw memberNotFound();
  return c.json(
    {
      message: `${member.name} is now the owner of ${row.name}. You stay in it as an admin.`,
      workspace: workspaceOf(row),
      user: publicUser(formerOwner),
      ...(formerOwner.id === user.id ? {} : { token: await createSession(c.env.DB, formerOwner.id) }),
    } satisfies HandedOver,
    200,
    noStore,
  );
});

workspace.get(API.workspace.at.invitations, async (c) => {
  const rows = await invitationsOf(c.env.DB, c.var.account.id, new Date().toISOString());
  return c.json({ items: rows.map(invitationFromRow) }, 200, noStore);
});

workspace.post(API.workspace.at.invitations, jsonBodyLimit, jsonBody(invitationBody), async (c) => {
  const { account, user } = c.var;
  const { email, role } = c.req.valid("json");
  const now = new Date().toISOString();
  const db = c.env.DB;
  const [seats, membership] = await Promise.all([
    seatCount(db, account.id, email, now),
    membershipIn(db, account.id, account.id),
  ]);
  const limit = seatLimit(account.plan, membership?.sold_seats ?? null);
  refuseInvitationOf(email, seats);
  if (seats.members + seats.pending >= limit) throw seatsFull(account.plan, limit);
  if (seats.pending >= PENDING_INVITATIONS_MAX) {
    throw new ApiError(
      409,
      "too_many_invitations",
      `This workspace has ${PENDING_INVITATIONS_MAX} invitations waiting: revoke some before sending more.`,
    );
  }
  await limitWrite(c, "invitation");
  const token = randomToken();
  const row = await insertInvitation(
    db,
    {
      id: crypto.randomUUID(),
      workspace_id: account.id,
      email,
      role,
      token_hash: await sha256Hex(token),
      invited_by: user.id,
      created_at: now,
      expires_at: isoIn(INVITATION_DAYS * DAY_MS, Date.parse(now)),
    },
    limit,
    PENDING_INVITATIONS_MAX,
  );
  if (!row) {
    // The same invitation sent twice at once (a double press) is told so; else another invitation
    // or acceptance took the last seat meanwhile.
    refuseInvitationOf(email, await seatCount(db, account.id, email, now));
    throw seatsFull(account.plan, limit);
  }
  await auditNow(db, account.id, actorOf(user), "invitation.sent", `${email} as ${role}`);
  const site = c.var.config.siteUrl ?? new URL(c.req.url).origin;
  const workspaceName = account.organization_name.trim() || account.name;
  deliverInBackground(c, {
    to: email,
    subject: `${user.name} invited you to ${workspaceName} on Vox`,
    text: `Hello,\n\n${user.name} (${user.email}) invited you to work in ${workspaceName} on Vox as ${role === "admin" ? "an" : "a"} ${role}.\n\nAccept the invitation here: ${site}${PAGE_PATHS.join}?token=${token}\n\nThe link works once and for ${INVITATION_DAYS} days. If you have no Vox account yet, sign up with this e-mail address first; the link brings you back. If you did not expect this, you can ignore this e-mail.`,
  });
  return c.json(invitationFromRow(row), 201, noStore);
});

workspace.delete(API.workspace.at.invitation, async (c) => {
  const { account, user } = c.var;
  const row = await deleteInvitation(c.env.DB, account.id, c.req.param("id"));
  if (!row) throw new ApiError(404, "invitation_not_found", "No such invitation is waiting in this workspace.");
  await auditNow(c.env.DB, account.id, actorOf(user), "invitation.revoked", row.email);
  return c.json({ message: `The invitation to ${row.email} was revoked.` }, 200, noStore);
});

workspace.post(API.workspace.at.accept, jsonBodyLimit, jsonBody(acceptInvitationBody), async (c) => {
  const { user } = c.var;
  const db = c.env.DB;
  const tokenHash = await sha256Hex(c.req.valid("json").token);
  const invitation = await invitationByToken(db, tokenHash);
  if (!invitation) {
    throw new ApiError(404, "invitation_not_found", "This invitation link is unknown, or it has been used or revoked.");
  }
  const now = new Date().toISOString();
  if (invitation.expires_at <= now) {
    throw new ApiError(410, "invitation_expired", "This invitation has expired: ask for a new one.");
  }
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new ApiError(
      403,
      "invitation_for_another",
      "This invitation was sent to another e-mail address: sign in with the account of that address to accept it.",
    );
  }
  const owner = await membershipIn(db, invitation.workspace_id, invitation.workspace_id);
  if (await memberIn(db, invitation.workspace_id, user.id)) throw alreadyMember();
  const limit = seatLimit(owner?.plan ?? null, owner?.sold_seats ?? null);
  const [insert, spend] = acceptStatements(db, tokenHash, user.id, now, limit);
  const [inserted] = await db.batch([insert, spend]);
  if (!inserted?.results.length) {
    // The same link accepted twice at once (a double press) is told so; else the last seat went meanwhile.
    if (await memberIn(db, invitation.workspace_id, user.id)) throw alreadyMember();
    throw seatsFull(owner?.plan ?? null, limit);
  }
  await auditNow(
    db,
    invitation.workspace_id,
    actorOf(user),
    "invitation.accepted",
    `${user.email} as ${invitation.role}`,
  );
  const joined = await membershipIn(db, invitation.workspace_id, user.id);
  if (!joined) throw new ApiError(404, "invitation_not_found", "This invitation has been used or revoked.");
  return c.json({ workspace: workspaceOf(joined) }, 200, noStore);
});

workspace.get(API.workspace.at.audit, queryOf(auditQuery), async (c) => {
  const { limit, offset } = c.req.valid("query");
  return c.json(await auditPageOf(c.env.DB, c.var.account.id, limit, offset), 200, noStore);
});
