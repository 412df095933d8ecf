import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dueRenewals, lapseEnded } from "../../worker/billing/store.ts";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { handedOver, membersResponse, workspacesResponse } from "../../worker/workspaces/contracts/workspaces.ts";
import { client, initialize, pressCheckout, processPay, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { pdfText } from "./pdf-text.ts";
import { accept, asMember, invite, type Person, team } from "./workspace-helpers.ts";

/** Handing a workspace to another member (docs/workspaces.md "Handing over"). */

function handOver(owner: Pick<Person, "token">, workspace: string, userId: string) {
  return asMember(owner, workspace)("/api/workspace/owner", {
    method: "POST",
    body: JSON.stringify({ user_id: userId }),
  });
}

/** A kept card with auto-renew on, as a first payment leaves it. */
async function keptCard(workspace: string) {
  await env.DB.prepare(
    `INSERT INTO subscriptions (user_id, period_end, auto_renew, state, authorization_code, authorization_email, card_brand, card_last4)
     VALUES (?, ?, 1, 'active', 'AUTH_owner_card', 'owner@example.ng', 'visa', '4081')`,
  )
    .bind(workspace, new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString())
    .run();
}

async function rolesIn(person: Pick<Person, "token">, workspace: string) {
  const members = membersResponse.parse(await (await asMember(person, workspace)("/api/workspace/members")).json());
  return Object.fromEntries(members.items.map((member) => [member.email, member.role]));
}

describe("handing a workspace over", () => {
  it("the owner hands the workspace they signed up with to an editor: the editor owns it, its work and billing; the former owner stays an admin, signed in, with their card forgotten", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, viewer, workspace } = await team();
    const release = await finishedRelease(owner.token);
    await keptCard(workspace);

    const response = await handOver(owner, workspace, editor.user.id);
    expect(response.status).toBe(200);
    const answer = handedOver.parse(await response.json());
    expect(answer.message).toBe("Emeka Eze is now the owner of Harmattan PR. You stay in it as an admin.");
    expect(answer.workspace).toMatchObject({ id: workspace, name: "Harmattan PR", role: "admin" });
    // The person moved to a row of their own, with their address and no plan of their own.
    expect(answer.user.id).not.toBe(workspace);
    expect(answer.user).toMatchObject({ email: owner.input.email, name: owner.input.name, plan: null });

    // Still signed in as the new row: on the same token, and on the new one the answer gives,
    // which names the new row; and the password still signs in.
    for (const token of [owner.token, answer.token ?? ""]) {
      const me = await asMember({ token })("/auth/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ data: { id: answer.user.id, email: owner.input.email } });
    }
    expect(answer.token?.startsWith(`${answer.user.id}.`)).toBe(true);
    const again = await client().post("/auth/signin", { email: owner.input.email, password: owner.input.password });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ data: { id: answer.user.id } });

    // Roles: the editor is the owner, the former owner an admin, the viewer unchanged.
    expect(await rolesIn(viewer, workspace)).toEqual({
      [editor.input.email]: "owner",
      [owner.input.email]: "admin",
      [viewer.input.email]: "viewer",
    });
    // The work stayed: all three read the release in the workspace.
    for (const person of [owner, editor, viewer]) {
      expect((await asMember(person, workspace)(`/api/press-releases/${release.id}`)).status).toBe(200);
    }
    // Billing is the new owner's: the former owner is refused it, and their card is forgotten.
    expect((await asMember(owner, workspace)("/api/billing")).status).toBe(403);
    const billing = await asMember(editor, workspace)("/api/billing");
    expect(billing.status).toBe(200);
    expect(await billing.json()).toMatchObject({ auto_renew: false });
    const card = await env.DB.prepare(
      "SELECT auto_renew, authorization_code, card_last4 FROM subscriptions WHERE user_id = ?",
    )
      .bind(workspace)
      .first();
    expect(card).toEqual({ auto_renew: 0, authorization_code: null, card_last4: null });

    // The former owner's own workspace is new and empty; the switcher lists both.
    expect((await asMember(owner)(`/api/press-releases/${release.id}`)).status).toBe(404);
    const listed = workspacesResponse.parse(await (await asMember(owner)("/api/workspaces")).json());
    expect(listed.items.map((item) => [item.id, item.role]).sort()).toEqual(
      [
        [answer.user.id, "owner"],
        [workspace, "admin"],
      ].sort(),
    );
    // What the workspace's row keeps holds none of the person: no address, password or phone of theirs.
    const holder = await env.DB.prepare("SELECT name, email, phone_number, password_hash FROM users WHERE id = ?")
      .bind(workspace)
      .first<Record<string, string>>();
    expect(holder).toEqual({
      name: "Harmattan PR",
      email: `${workspace}@workspace.invalid`,
      phone_number: "",
      password_hash: "",
    });
    // No one signs in as the workspace's row.
    const asHolder = await client().post("/auth/signin", { email: holder?.email, password: "" });
    expect(asHolder.status).toBeGreaterThanOrEqual(400);
    expect(asHolder.status).toBeLessThan(500);

    // The log names the step, by the former owner.
    const log = (await (await asMember(editor, workspace)("/api/workspace/audit?limit=100")).json()) as {
      items: { action: string; actor: { email: string }; target: string }[];
    };
    expect(log.items[0]).toMatchObject({
      action: "owner.handed_over",
      actor: { email: owner.input.email },
      target: editor.input.email,
    });
  });

  it("the new owner renews with their own card: the checkout, the kept card and the invoice are in their name", async () => {
    const { owner, editor, workspace } = await team();
    await keptCard(workspace);
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);

    const asOwner = asMember(editor, workspace);
    const started = await asOwner("/api/payments/initialize", {
      method: "POST",
      body: JSON.stringify({ plan: "yearly" }),
    });
    expect(started.status).toBe(200);
    const { authorization_url, reference } = (await started.json()) as { authorization_url: string; reference: string };
    await pressCheckout(authorization_url, "pay");
    expect((await asOwner(`/processpay?ref=${encodeURIComponent(reference)}&total=1`)).status).toBe(200);

    const kept = await env.DB.prepare("SELECT authorization_email FROM subscriptions WHERE user_id = ?")
      .bind(workspace)
      .first();
    expect(kept).toEqual({ authorization_email: editor.input.email });
    const invoice = await env.DB.prepare("SELECT customer_email FROM invoices WHERE order_reference = ?")
      .bind(reference)
      .first();
    expect(invoice).toEqual({ customer_email: editor.input.email });
  });

  it("renewal and lapse e-mails go to the new owner's address", async () => {
    const { owner, editor, workspace } = await team();
    await keptCard(workspace);
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);
    const now = new Date().toISOString();
    await env.DB.prepare("UPDATE subscriptions SET auto_renew = 1, period_end = ? WHERE user_id = ?")
      .bind(now, workspace)
      .run();
    const due = await dueRenewals(env.DB, { now, windowEnd: now }, "", 10_000);
    expect(due.find((renewal) => renewal.user_id === workspace)?.email).toBe(editor.input.email);

    await env.DB.prepare("UPDATE subscriptions SET state = 'grace', grace_until = ? WHERE user_id = ?")
      .bind(now, workspace)
      .run();
    const { graceEnded } = await lapseEnded(env.DB, now, now);
    expect(graceEnded).toContainEqual({ id: workspace, email: editor.input.email });
  });

  it("the former owner then deletes their account: the workspace, its work and its members stay with the new owner", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, viewer, workspace } = await team();
    const release = await finishedRelease(owner.token);
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);

    const deleted = await owner.api.post("/auth/delete-account", { password: owner.input.password });
    expect(deleted.status).toBe(200);
    expect((await asMember(editor, workspace)(`/api/press-releases/${release.id}`)).status).toBe(200);
    expect(await rolesIn(viewer, workspace)).toEqual({
      [editor.input.email]: "owner",
      [viewer.input.email]: "viewer",
    });
    // Nothing of the person is left under their address.
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?")
      .bind(owner.input.email)
      .first();
    expect(rows).toEqual({ n: 0 });
    const log = (await (await asMember(editor, workspace)("/api/workspace/audit?limit=100")).json()) as {
      items: { action: string; actor: { name: string; email: string } }[];
    };
    expect(log.items.find((item) => item.action === "owner.handed_over")?.actor).toEqual({
      name: "A former member",
      email: "",
    });
  });

  it("the former owner's deletion takes their name and address off the invoices they paid, which stay the workspace's", async () => {
    const owner = await registerAndSignIn({ name: "Bisi Adebayo", organization_name: "Harmattan PR" });
    const { authorization_url, reference } = await initialize(owner.api, "yearly");
    await pressCheckout(authorization_url, "pay");
    expect((await processPay(owner.api, reference)).status).toBe(200);
    const editor = await registerAndSignIn({ name: "Emeka Eze" });
    expect((await accept(editor, await invite(owner, editor.input.email, "editor"))).status).toBe(200);
    const workspace = owner.user.id;
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);

    expect((await owner.api.post("/auth/delete-account", { password: owner.input.password })).status).toBe(200);
    const asOwner = asMember(editor, workspace);
    const { items } = (await (await asOwner("/api/billing/invoices")).json()) as { items: { id: string }[] };
    expect(items).toHaveLength(1);
    const pdf = await asOwner(`/api/billing/invoices/${items[0]?.id}?format=pdf`);
    expect(pdf.status).toBe(200);
    const drawn = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join(" ");
    expect(drawn).toContain("Harmattan PR");
    expect(drawn).not.toContain(owner.input.email);
    expect(drawn).not.toContain("Bisi Adebayo");
    const row = await env.DB.prepare(
      "SELECT customer_name, customer_email, user_id FROM invoices WHERE order_reference = ?",
    )
      .bind(reference)
      .first();
    expect(row).toEqual({ customer_name: null, customer_email: null, user_id: workspace });
  });

  it("the new owner's account deletion takes the handed workspace whole: its work, members and files", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, viewer, workspace } = await team();
    const release = await finishedRelease(owner.token);
    const key = (
      await env.DB.prepare("SELECT r2_key FROM jobs WHERE id = ?").bind(release.id).first<{ r2_key: string }>()
    )?.r2_key;
    expect(key && (await env.AUDIO.head(key))).toBeTruthy();
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);

    const deleted = await editor.api.post("/auth/delete-account", { password: editor.input.password });
    expect(deleted.status).toBe(200);
    for (const person of [owner, viewer]) {
      const refused = await asMember(person, workspace)(`/api/press-releases/${release.id}`);
      expect(refused.status).toBe(404);
    }
    const left = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) + (SELECT COUNT(*) FROM jobs WHERE user_id = ?1) + (SELECT COUNT(*) FROM workspace_members WHERE workspace_id = ?1) AS n",
    )
      .bind(workspace)
      .first();
    expect(left).toEqual({ n: 0 });
    expect(key && (await env.AUDIO.head(key))).toBeNull();
    // The former owner keeps their own login and their new workspace.
    expect((await asMember(owner)("/auth/me")).status).toBe(200);
  });

  it("a handed workspace is handed on by role alone; only its owner may, never to oneself or to someone outside it", async () => {
    const { owner, editor, viewer, workspace } = await team();
    expect((await handOver(owner, workspace, editor.user.id)).status).toBe(200);

    // The former owner is an admin now: refused.
    const asAdmin = await handOver(owner, workspace, viewer.user.id);
    expect(asAdmin.status).toBe(403);
    expect(await asAdmin.json()).toMatchObject({ code: "role_forbidden" });
    // To oneself, or to someone not in it.
    const self = await handOver(editor, workspace, editor.user.id);
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ code: "already_owner" });
    const stranger = await handOver(editor, workspace, crypto.randomUUID());
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: "member_not_found" });
    const empty = await handOver(editor, workspace, "");
    expect(empty.status).toBe(400);

    // The editor, who signed up elsewhere, hands it on to the viewer: only the roles change.
    const onward = await handOver(editor, workspace, viewer.user.id);
    expect(onward.status).toBe(200);
    const answer = handedOver.parse(await onward.json());
    expect(answer.user.id).toBe(editor.user.id);
    expect(answer.token).toBeUndefined();
    expect(answer.workspace.role).toBe("admin");
    expect(await rolesIn(viewer, workspace)).toMatchObject({
      [viewer.input.email]: "owner",
      [editor.input.email]: "admin",
    });
  });

  it(`hand-overs are limited to ${WRITE_RATE_LIMITS.handOver.limit} an hour per person, then 429 with nothing changed`, async () => {
    const { owner, editor, viewer, workspace } = await team();
    const { limit, windowSeconds } = WRITE_RATE_LIMITS.handOver;
    const limiter = env.RATE_LIMITER.getByName(`handOver:user:${owner.user.id}`);
    for (let i = 0; i < limit; i++) await limiter.hit(limit, windowSeconds);
    const refused = await handOver(owner, workspace, editor.user.id);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect(await rolesIn(viewer, workspace)).toMatchObject({
      [owner.input.email]: "owner",
      [editor.input.email]: "editor",
    });
  });

  it("two hand-overs at once make one owner", async () => {
    const { owner, editor, viewer, workspace } = await team();
    const answers = await Promise.all([
      handOver(owner, workspace, editor.user.id),
      handOver(owner, workspace, viewer.user.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const owners = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM workspace_members WHERE workspace_id = ? AND role = 'owner'",
    )
      .bind(workspace)
      .first();
    expect(owners).toEqual({ n: 1 });
  });

  it("the owner cannot leave without handing over first, and the refusal says how", async () => {
    const { owner, workspace } = await team();
    const leave = await asMember(owner, workspace)(`/api/workspace/members/${owner.user.id}`, { method: "DELETE" });
    expect(leave.status).toBe(409);
    expect(await leave.json()).toMatchObject({ code: "owner_stays", message: expect.stringContaining("hand it over") });
  });
});
