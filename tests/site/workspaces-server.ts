import type { AuditEntry, Invitation, Member, Workspace } from "@worker/workspaces/contracts/workspaces.ts";
import { vi } from "vitest";
import { KEMI } from "./people.ts";

/** Kemi's own workspace (on Monthly: her alone) and the agency she was invited to. */
export const OWN: Workspace = { id: "u1", name: "Lagos Newsroom", role: "owner", seats: { used: 1, limit: 1 } };
export const AGENCY: Workspace = { id: "u9", name: "Eko PR Agency", role: "editor", seats: { used: 2, limit: 3 } };

export const MEMBERS: Member[] = [
  { user_id: "u9", name: "Bisi Ola", email: "bisi@ekopr.example", role: "owner" },
  { user_id: "u1", name: KEMI.name, email: KEMI.email, role: "editor" },
];

export interface Call {
  readonly url: string;
  readonly method: string;
  readonly workspace: string | null;
  readonly body: unknown;
}

export interface FakeWorker {
  readonly calls: Call[];
  /** Whom `/auth/me` answers: the signed-in person, under a new id once they hand over the workspace they signed up with. */
  me: typeof KEMI;
  /** What the workspace routes answer, changed by a test as it goes. */
  workspaces: Workspace[];
  members: Member[];
  invitations: Invitation[];
  audit: AuditEntry[];
  /** Answers a route with this instead (status and body), once. */
  refuse: { readonly path: string; readonly status: number; readonly body: unknown } | null;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * The Worker's workspace routes as the site calls them (`/auth/me` for the session besides), every
 * call recorded with the workspace it named. Any other path answers 404.
 */
export function serveWorkspaces(extra?: (url: string, init?: RequestInit) => Response | undefined): FakeWorker {
  const fake: FakeWorker = {
    calls: [],
    me: KEMI,
    workspaces: [OWN, AGENCY],
    members: [...MEMBERS],
    invitations: [],
    audit: [],
    refuse: null,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const workspace = new Headers(init?.headers).get("x-vox-workspace");
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : null;
      fake.calls.push({ url, method, workspace, body });
      const path = url.split("?")[0] ?? url;
      if (fake.refuse && path === fake.refuse.path) {
        const { status, body: answer } = fake.refuse;
        fake.refuse = null;
        return json(answer, status);
      }
      const chosen = fake.workspaces.find((item) => item.id === workspace);
      if (workspace && !chosen && path.startsWith("/api/workspace/")) {
        return json({ message: "Not found", code: "not_found" }, 404);
      }
      const current = chosen ?? fake.workspaces.find((item) => item.role === "owner") ?? OWN;
      const answer = extra?.(url, init);
      if (answer) return answer;
      if (path === "/auth/me") return json({ data: fake.me });
      if (path === "/api/workspaces") return json({ items: fake.workspaces });
      if (path === "/api/workspace") {
        if (workspace && !chosen) return json({ message: "Not found", code: "not_found" }, 404);
        return json(current);
      }
      if (path === "/api/workspace/members") return json({ items: fake.members });
      if (path.startsWith("/api/workspace/members/")) {
        const userId = decodeURIComponent(path.split("/").at(-1) ?? "");
        const member = fake.members.find((item) => item.user_id === userId);
        if (!member) return json({ message: "Not found", code: "not_found" }, 404);
        if (method === "DELETE") {
          fake.members = fake.members.filter((item) => item !== member);
          return json({ message: "Removed" });
        }
        const changed = { ...member, ...(body as { role: Member["role"] }) };
        fake.members = fake.members.map((item) => (item === member ? changed : item));
        return json(changed);
      }
      if (path === "/api/workspace/owner" && method === "POST") return handOver(fake, current, body);
      if (path === "/api/workspace/invitations" && method === "GET") return json({ items: fake.invitations });
      if (path === "/api/workspace/invitations" && method === "POST") {
        const { email, role } = body as { email: string; role: Invitation["role"] };
        const invitation: Invitation = {
          id: `inv-${fake.invitations.length + 1}`,
          email,
          role,
          invited_by: KEMI.name,
          created_at: "2026-11-28T09:00:00.000Z",
          expires_at: "2026-12-05T09:00:00.000Z",
        };
        fake.invitations.push(invitation);
        return json(invitation, 201);
      }
      if (path.startsWith("/api/workspace/invitations/") && method === "DELETE") {
        fake.invitations = fake.invitations.filter((item) => !path.endsWith(`/${item.id}`));
        return json({ message: "Invitation revoked" });
      }
      if (path === "/api/workspace/audit") {
        const params = new URL(url, "http://vox.test").searchParams;
        const offset = Number(params.get("offset") ?? 0);
        const limit = Number(params.get("limit") ?? 50);
        const items = fake.audit.slice(offset, offset + limit);
        return json({ items, next_offset: offset + limit < fake.audit.length ? offset + limit : null });
      }
      return json({ message: "Not found", code: "not_found" }, 404);
    }),
  );
  return fake;
}

/**
 * `POST /api/workspace/owner` as the contract has it: the member becomes the owner and the owner an
 * admin; the workspace one signed up with moves one's login to a new account of its own.
 */
function handOver(fake: FakeWorker, current: Workspace, body: unknown): Response {
  if (current.role !== "owner") {
    return json({ message: "Only the owner can hand the workspace over.", code: "role_forbidden" }, 403);
  }
  const { user_id } = body as { user_id: string };
  const member = fake.members.find((item) => item.user_id === user_id);
  if (!member) return json({ message: "That person is not in this workspace.", code: "member_not_found" }, 404);
  if (member.role === "owner") return json({ message: "You already own this workspace.", code: "conflict" }, 409);
  const moved = current.id === fake.me.id;
  const user = moved ? { ...fake.me, id: `${fake.me.id}-new` } : fake.me;
  const workspace: Workspace = { ...current, role: "admin" };
  fake.me = user;
  fake.members = fake.members.map((item) => {
    if (item === member) return { ...item, role: "owner" };
    return item.email === user.email ? { ...item, user_id: user.id, role: "admin" } : item;
  });
  fake.workspaces = fake.workspaces.map((item) => (item.id === current.id ? workspace : item));
  if (moved) fake.workspaces.push({ id: user.id, name: user.name, role: "owner", seats: { used: 1, limit: 1 } });
  const token = moved ? { token: `${user.id}.fresh-token` } : {};
  return json({
    message: `${member.name} now owns ${current.name}; you stay in it as an admin.`,
    workspace,
    user,
    ...token,
  });
}
