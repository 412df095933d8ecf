import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { liveTicketSchema } from "../../worker/live/contracts/live.ts";
import { LIVE_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { sweepWorkspaces } from "../../worker/workspaces/sweep.ts";
import { call, registerAndSignIn, resetPassword } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { attach, frame, until } from "./live-sockets.ts";
import { accept, asMember, invite, onPlan, team } from "./workspace-helpers.ts";

// Real sockets through the relay and the provider emulator; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

describe("removing a member takes effect at once", () => {
  it("ends the live session they run in the workspace, spends their tickets there and closes the player URLs they minted there", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, workspace } = await team();
    await onPlan(owner, "enterprise");
    const release = await finishedRelease(owner.token);
    const asEditor = asMember(editor, workspace);

    // A player URL of the owner's release, minted by the editor in the workspace.
    const minted = await asEditor(`/api/press-releases/${release.id}/audio/url`, { method: "POST" });
    expect(minted.status).toBe(200);
    const { url } = (await minted.json()) as { url: string };
    const mediaPath = new URL(url).pathname;
    expect((await call(mediaPath)).status).toBe(200);

    // A live session the editor runs in the workspace; it is the workspace's.
    const ticketed = await asEditor("/api/live/ticket", { method: "POST", body: "{}" });
    expect(ticketed.status).toBe(201);
    const { ticket } = liveTicketSchema.parse(await ticketed.json());
    const session = attach(await call(`/api/live?ticket=${ticket}`, { headers: { upgrade: "websocket" } }));
    expect(session.status).toBe(101);
    await session.received(1);
    for (let i = 0; i < 4; i++) session.socket.send(frame());
    await until(session, (messages) => messages.length >= 1);
    const owned = await env.DB.prepare("SELECT user_id FROM live_sessions WHERE id = ?")
      .bind(session.id)
      .first("user_id");
    expect(owned).toBe(workspace);

    // And a ticket minted but not yet used.
    const unspent = await asEditor("/api/live/ticket", { method: "POST", body: "{}" });
    const { ticket: spare } = liveTicketSchema.parse(await unspent.json());

    expect((await asMember(owner)(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" })).status).toBe(200);
    const refused = await call(`/api/live?ticket=${spare}`, { headers: { upgrade: "websocket" } });
    expect(refused.status).toBe(401);
    expect(await session.closed).toEqual({
      code: LIVE_CLOSES.signedOut.code,
      reason: LIVE_CLOSES.signedOut.message,
    });
    expect((await call(mediaPath)).status).toBe(404);
    // The owner's own player URLs are theirs and stay.
    const own = await asMember(owner)(`/api/press-releases/${release.id}/audio/url`, { method: "POST" });
    expect((await call(new URL(((await own.json()) as { url: string }).url).pathname)).status).toBe(200);
  });
});

describe("removing an admin", () => {
  it("revokes the invitations they sent in the workspace, so no one gets in by them afterwards", async () => {
    const owner = await registerAndSignIn({ organization_name: "Harmattan PR" });
    await onPlan(owner, "enterprise");
    const admin = await registerAndSignIn({ name: "Ngozi Eze" });
    const friend = await registerAndSignIn({ name: "Kunle Ade" });
    const workspace = owner.user.id;
    expect((await accept(admin, await invite(owner, admin.input.email, "admin"))).status).toBe(200);
    const token = await invite(admin, friend.input.email, "admin", workspace);
    const kept = `kept.${Date.now()}@example.ng`;
    await invite(owner, kept, "viewer");

    expect((await asMember(owner)(`/api/workspace/members/${admin.user.id}`, { method: "DELETE" })).status).toBe(200);

    const refused = await accept(friend, token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: "invitation_not_found" });
    expect((await asMember(friend, workspace)("/api/workspace")).status).toBe(404);
    // The invitations someone still in the workspace sent wait as they were.
    const waiting = await asMember(owner)("/api/workspace/invitations");
    const { items } = (await waiting.json()) as { items: { email: string }[] };
    expect(items.map((item) => item.email)).toEqual([kept]);
  });
});

describe("removing a member mid-upload", () => {
  const TUS = { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream" };
  const PART = new Uint8Array(5 * 1024 * 1024 + 17).fill(7);

  /** Starts a tus upload of `length` bytes as `member` and sends its first part. */
  async function started(member: (path: string, init?: RequestInit) => Promise<Response>, length: number) {
    const created = await member("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        "upload-length": String(length),
        "upload-metadata": `filename ${btoa("town-hall.wav")},filetype ${btoa("audio/wav")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const sent = await member(location, { method: "PATCH", headers: { ...TUS, "upload-offset": "0" }, body: PART });
    expect(sent.status).toBe(204);
    const id = location.split("/").pop() ?? "";
    const row = await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(id).first<{ r2_key: string }>();
    return { location, id, key: row?.r2_key ?? "" };
  }

  it("discards the upload they had under way in the workspace, bytes and all, and leaves the owner's", async () => {
    const { owner, editor, workspace } = await team();
    const asEditor = asMember(editor, workspace);
    const theirs = await started(asEditor, PART.length * 3);
    const owners = await started(asMember(owner), PART.length * 3);

    expect((await asMember(owner)(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" })).status).toBe(200);

    // No one can finish it now, so nothing of it is kept to count against the workspace's storage.
    expect(await env.DB.prepare("SELECT id FROM uploads WHERE id = ?").bind(theirs.id).first()).toBeNull();
    expect(await env.AUDIO.head(`${theirs.key}.tail`)).toBeNull();
    const next = await asEditor(theirs.location, {
      method: "PATCH",
      headers: { ...TUS, "upload-offset": String(PART.length) },
      body: PART,
    });
    expect(next.status).toBe(404);
    // The owner's own upload goes on.
    const going = await asMember(owner)(owners.location, {
      method: "PATCH",
      headers: { ...TUS, "upload-offset": String(PART.length) },
      body: PART,
    });
    expect(going.status).toBe(204);
  });
});

describe("signing out everywhere reaches other workspaces", () => {
  it("a member's password reset ends the live session they run in someone else's workspace", async () => {
    const { owner, editor, workspace } = await team();
    await onPlan(owner, "enterprise");
    const ticketed = await asMember(editor, workspace)("/api/live/ticket", { method: "POST", body: "{}" });
    const { ticket } = liveTicketSchema.parse(await ticketed.json());
    const session = attach(await call(`/api/live?ticket=${ticket}`, { headers: { upgrade: "websocket" } }));
    expect(session.status).toBe(101);
    await session.received(1);
    // The owner's own session in their workspace goes on.
    const ownTicket = await asMember(owner)("/api/live/ticket", { method: "POST", body: "{}" });
    const ownSession = attach(
      await call(`/api/live?ticket=${liveTicketSchema.parse(await ownTicket.json()).ticket}`, {
        headers: { upgrade: "websocket" },
      }),
    );
    await ownSession.received(1);

    await resetPassword(editor.input.email);
    expect(await session.closed).toEqual({ code: LIVE_CLOSES.signedOut.code, reason: LIVE_CLOSES.signedOut.message });
    expect(ownSession.socket.readyState).toBe(WebSocket.OPEN);
    ownSession.socket.close();
  });
});

describe("the scheduled sweep", () => {
  it("deletes audit entries past a year and invitations past their expiry, and keeps the rest", async () => {
    const { owner, workspace } = await team();
    await onPlan(owner, "enterprise");
    await invite(owner, "late.reader@example.ng", "viewer");
    const now = Date.now();
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE workspace_id = ?")
      .bind(new Date(now - 1000).toISOString(), workspace)
      .run();
    const old = new Date(now - 366 * 24 * 3600 * 1000).toISOString();
    await env.DB.prepare(
      `INSERT INTO workspace_audit (id, workspace_id, at, actor_id, actor_name, actor_email, action, target)
       VALUES (?, ?, ?, NULL, 'Someone', 'someone@example.ng', 'member.removed', 'gone@example.ng')`,
    )
      .bind(crypto.randomUUID(), workspace, old)
      .run();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM workspace_audit WHERE workspace_id = ?")
      .bind(workspace)
      .first<number>("n");
    await sweepWorkspaces(env.DB, now);
    const after = await env.DB.prepare("SELECT at FROM workspace_audit WHERE workspace_id = ?").bind(workspace).all<{
      at: string;
    }>();
    expect(after.results).toHaveLength((before ?? 0) - 1);
    expect(after.results.every((row) => row.at > old)).toBe(true);
    expect((await asMember(owner)("/api/workspace/audit")).status).toBe(200);
    const waiting = await env.DB.prepare("SELECT COUNT(*) AS n FROM workspace_invitations WHERE workspace_id = ?")
      .bind(workspace)
      .first<number>("n");
    expect(waiting).toBe(0);
  });
});
