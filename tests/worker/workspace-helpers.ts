import { env } from "cloudflare:test";
import { expect } from "vitest";
import { invitationSchema, WORKSPACE_HEADER } from "../../worker/workspaces/contracts/workspaces.ts";
import { call, outbox, registerAndSignIn, waitForMail } from "./helpers.ts";

/** Workspaces in tests: people acting in one, plans that give seats, and invitations by the mailed link. */

export type Person = Awaited<ReturnType<typeof registerAndSignIn>>;

/** A request of `person`, acting in workspace `workspace` when given. */
export function asMember(person: Pick<Person, "token">, workspace?: string) {
  return (path: string, init: RequestInit = {}) =>
    call(path, {
      ...init,
      headers: {
        authorization: `Bearer ${person.token}`,
        "content-type": "application/json",
        ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}),
        ...init.headers,
      },
    });
}

export async function onPlan(person: Person, plan: "monthly" | "yearly" | "enterprise") {
  await env.DB.prepare("UPDATE users SET plan = ?, subscription_expires_at = ? WHERE id = ?")
    .bind(plan, new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString(), person.user.id)
    .run();
}

const INVITATION_SUBJECT = / invited you to .+ on Vox$/;

/** Invites `email` to `owner`'s workspace as `role` and answers the token the mailed link holds. */
export async function invite(owner: Person, email: string, role: string, workspace = owner.user.id): Promise<string> {
  const before = (await outbox(email)).filter((mail) => INVITATION_SUBJECT.test(mail.subject)).length;
  const response = await asMember(owner, workspace)("/api/workspace/invitations", {
    method: "POST",
    body: JSON.stringify({ email, role }),
  });
  expect(response.status).toBe(201);
  invitationSchema.parse(await response.json());
  const [mail] = await waitForMail(email, before + 1, INVITATION_SUBJECT);
  const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

export async function accept(person: Person, token: string): Promise<Response> {
  return asMember(person)("/api/workspace/invitations/accept", { method: "POST", body: JSON.stringify({ token }) });
}

/** A workspace owned by a new Yearly account, with an editor and a viewer who accepted their invitations. */
export async function team() {
  const owner = await registerAndSignIn({ organization_name: "Harmattan PR" });
  await onPlan(owner, "yearly");
  const editor = await registerAndSignIn({ name: "Emeka Eze" });
  const viewer = await registerAndSignIn({ name: "Funke Ade" });
  const editorToken = await invite(owner, editor.input.email, "editor");
  const viewerToken = await invite(owner, viewer.input.email, "viewer");
  expect((await accept(editor, editorToken)).status).toBe(200);
  expect((await accept(viewer, viewerToken)).status).toBe(200);
  return { owner, editor, viewer, workspace: owner.user.id };
}
