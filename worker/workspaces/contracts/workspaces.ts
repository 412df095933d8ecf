import { z } from "zod";
import { userSchema } from "../../accounts/contracts/auth.ts";
import { emailField } from "../../contracts/fields.ts";

/**
 * Workspaces: the people who share one account's work. A workspace is its owner's account (its id is
 * the owner's user id), so the work, the plan and every allowance stay where they were, and a member
 * acts on them with a role (docs/decisions/023-a-workspace-is-its-owners-account.md).
 */

/** From the least to the most a person may do; each role may do all the roles before it may. */
export const ROLES = ["viewer", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];
/** The roles an invitation or a role change may give: a workspace has one owner. */
export const MEMBER_ROLES = ["viewer", "editor", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export function roleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

export { WORKSPACE_HEADER } from "./workspace-constants.ts";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** Invitations a workspace may have waiting at once, whatever its seats (each one is an e-mail sent). */
export const PENDING_INVITATIONS_MAX = 20;
const AUDIT_PAGE_MAX = 100;
/** How long the audit log keeps an entry. */
export const AUDIT_RETENTION_DAYS = 365;
/** One person's edits of one thing make at most one entry in this long (a release autosaves as they type). */
export const AUDIT_EDIT_WINDOW_MINUTES = 60;

const memberRole = z.enum(MEMBER_ROLES, { error: "Choose viewer, editor or admin" });

export const invitationBody = z.object({ email: emailField, role: memberRole });
export type InvitationBody = z.infer<typeof invitationBody>;

export const acceptInvitationBody = z.object({
  token: z
    .string({ error: "The invitation's token is required" })
    .trim()
    .min(20, "That invitation link is not whole")
    .max(200),
});

export const roleChangeBody = z.object({ role: memberRole });

/** Handing the workspace over: the member who becomes its owner. */
export const handOverBody = z.object({
  user_id: z.string({ error: "Choose the member who becomes the owner" }).trim().min(1).max(64),
});

/** A workspace the signed-in person belongs to, for the header's switcher. */
export const workspaceSchema = z.object({
  id: z.string(),
  /** The owner's organisation, or their name when they gave none. */
  name: z.string(),
  role: z.enum(ROLES),
  /** People in it (the owner included) and how many the owner's plan allows, invitations waiting included in neither. */
  seats: z.object({ used: z.number(), limit: z.number() }),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspacesResponse = z.object({ items: z.array(workspaceSchema) });

export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponse = z.object({ items: z.array(memberSchema) });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRole,
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponse = z.object({ items: z.array(invitationSchema) });

/**
 * What handing over answers: the workspace as the former owner now sees it (an admin), which the
 * site acts in from then on, and their own account, whose id is new when they handed over the
 * workspace they signed up with (docs/workspaces.md "Handing over").
 */
export const handedOver = z.object({
  message: z.string(),
  workspace: workspaceSchema,
  user: userSchema,
  /**
   * A sign-in token for the new account id, when it changed: tokens name their account, and one
   * that names the workspace instead costs each request a second read (the old one keeps working).
   */
  token: z.string().optional(),
});
export type HandedOver = z.infer<typeof handedOver>;

/** What `accept` answers: the workspace joined, which the site switches to. */
export const acceptedInvitation = z.object({ workspace: workspaceSchema });

const AUDIT_ACTIONS = [
  "invitation.sent",
  "invitation.revoked",
  "invitation.accepted",
  "member.role_changed",
  "member.removed",
  "member.left",
  "owner.handed_over",
  "data.exported",
  "recording.deleted",
  "release.deleted",
  "release.sent",
  "release.published",
  "release.unpublished",
  "release.edited",
  "press_kit.edited",
  "vocabulary.edited",
  "contacts.imported",
  "contact.edited",
  "contact.deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditEntrySchema = z.object({
  at: z.string(),
  /** Who did it, by name and e-mail as they were then (kept if the person later leaves). */
  actor: z.object({ name: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to, in words: an e-mail address, a release's headline, a file name, "12 contacts". */
  target: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  limit: z.coerce
    .number({ error: "limit is a number" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(AUDIT_PAGE_MAX, `limit is at most ${AUDIT_PAGE_MAX}`)
    .default(50),
  offset: z.coerce.number({ error: "offset is a number" }).int("offset is a whole number").min(0).default(0),
});

export const auditPage = z.object({
  items: z.array(auditEntrySchema),
  /** Where the next page starts; null on the last page. */
  next_offset: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;
