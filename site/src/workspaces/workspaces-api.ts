import { API, pathOf } from "@contracts/api-paths.ts";
import type { InvitationBody, MemberRole } from "@worker/workspaces/contracts/workspaces.ts";
import { apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** The workspaces a person belongs to, and the one they act in (`/api/workspaces`, `/api/workspace`). */

const workspaces = () => import("@worker/workspaces/contracts/workspaces.ts");

/** The SWR key of the person's list of workspaces (their own, whichever they act in). */
export const WORKSPACES_KEY = API.workspaces.path.list;

/** Their own wherever they act: sent without the workspace header, so a stale one cannot make it fail. */
export const fetchWorkspaces = () =>
  apiRequest(API.workspaces.path.list, { schema: schemaOf(workspaces, "workspacesResponse"), inWorkspace: false });

export const fetchWorkspace = () =>
  apiRequest(API.workspace.path.workspace, { schema: schemaOf(workspaces, "workspaceSchema") });

export const fetchMembers = () =>
  apiRequest(API.workspace.path.members, { schema: schemaOf(workspaces, "membersResponse") });

export const changeRole = (userId: string, role: MemberRole) =>
  apiRequest(pathOf(API.workspace.path.member, { userId }), {
    method: "PATCH",
    body: { role },
    schema: schemaOf(workspaces, "memberSchema"),
  });

/** Removes a member; a member removing themselves leaves. */
export const removeMember = (userId: string) =>
  apiRequest(pathOf(API.workspace.path.member, { userId }), { method: "DELETE", schema: messageResponse });

/**
 * Makes a member the owner; the owner stays an admin. The answer's user is the person's account,
 * whose id is new when the workspace was the one they signed up with.
 */
export const handOver = (userId: string) =>
  apiRequest(API.workspace.path.owner, {
    method: "POST",
    body: { user_id: userId },
    schema: schemaOf(workspaces, "handedOver"),
  });

export const fetchInvitations = () =>
  apiRequest(API.workspace.path.invitations, { schema: schemaOf(workspaces, "invitationsResponse") });

export const invite = (body: InvitationBody) =>
  apiRequest(API.workspace.path.invitations, {
    method: "POST",
    body,
    schema: schemaOf(workspaces, "invitationSchema"),
  });

export const revokeInvitation = (id: string) =>
  apiRequest(pathOf(API.workspace.path.invitation, { id }), { method: "DELETE", schema: messageResponse });

/** Accepting is the person's own, whichever workspace they were acting in. */
export const acceptInvitation = (token: string) =>
  apiRequest(API.workspace.path.accept, {
    method: "POST",
    body: { token },
    schema: schemaOf(workspaces, "acceptedInvitation"),
    inWorkspace: false,
  });

const AUDIT_PAGE_SIZE = 25;

export const auditKey = (offset: number) => `${API.workspace.path.audit}?limit=${AUDIT_PAGE_SIZE}&offset=${offset}`;

export const fetchAuditPage = (key: string) => apiRequest(key, { schema: schemaOf(workspaces, "auditPage") });
