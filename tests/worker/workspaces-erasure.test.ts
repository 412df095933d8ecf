/// <reference types="vite/client" />
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { liveTicketSchema } from "../../worker/live/contracts/live.ts";
import migration from "../../worker/migrations/0046_workspaces.sql?raw";
import { WORKSPACE_HEADER, workspacesResponse } from "../../worker/workspaces/contracts/workspaces.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { attach } from "./live-sockets.ts";
import { accept, asMember, invite, onPlan, type Person, team } from "./workspace-helpers.ts";

const count = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<number>("n");

const deleteAccount = (person: Person) =>
  asMember(person)("/auth/delete-account", {
    method: "POST",
    body: JSON.stringify({ password: person.input.password }),
  });

describe("moving existing accounts over (migration 0046)", () => {
  it("the backfill makes an account from before it the owner of its own workspace, as of its creation", async () => {
    const id = crypto.randomUUID();
    const createdAt = "2025-03-01T09:00:00.000Z";
    await env.DB.prepare(
      `INSERT INTO users (id, name, email, phone_number, organization_name, password_hash, trial_ends_at, created_at)
       VALUES (?, 'Old Account', ?, '08031234567', 'Old Org', 'x', ?, ?)`,
    )
      .bind(id, `old.${id}@example.ng`, createdAt, createdAt)
      .run();
    expect(await count("SELECT COUNT(*) AS n FROM workspace_members WHERE user_id = ?", id)).toBe(0);

    // The migration's own statement, kept to the accounts it has not run for (every other account
    // in this database already has its row).
    const backfill = /INSERT INTO workspace_members[^;]+FROM users/.exec(migration)?.[0];
    expect(backfill).toBeDefined();
    await env.DB.prepare(
      `${backfill} WHERE id NOT IN (SELECT user_id FROM workspace_members WHERE role = 'owner')`,
    ).run();
    const row = await env.DB.prepare("SELECT workspace_id, role, created_at FROM workspace_members WHERE user_id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ workspace_id: id, role: "owner", created_at: createdAt });
  });

  it("sign-up writes the owner's membership in the batch that makes the account", async () => {
    const { user } = await registerAndSignIn();
    const rows = await env.DB.prepare("SELECT workspace_id, role FROM workspace_members WHERE user_id = ?")
      .bind(user.id)
      .all();
    expect(rows.results).toEqual([{ workspace_id: user.id, role: "owner" }]);
  });
});

describe("erasure and workspaces", () => {
  it("a member who deletes their account leaves every workspace: memberships and invitations gone, their name gone from the log", async () => {
    const { owner, editor, workspace } = await team();
    await onPlan(owner, "enterprise");
    // The editor, made an admin, sends an invitation; then deletes their account.
    await asMember(owner)(`/api/workspace/members/${editor.user.id}`, {
      method: "PATCH",
      body: JSON.stringify({ role: "admin" }),
    });
    await invite(editor, "pending.person@example.ng", "viewer", workspace);
    expect(await count("SELECT COUNT(*) AS n FROM workspace_audit WHERE actor_id = ?", editor.user.id)).toBeGreaterThan(
      0,
    );

    expect((await deleteAccount(editor)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM workspace_members WHERE user_id = ?", editor.user.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM workspace_invitations WHERE invited_by = ?", editor.user.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM workspace_audit WHERE actor_id = ?", editor.user.id)).toBe(0);
    // Neither their address (anywhere) nor their name (in the workspaces they were in: other tests'
    // people, sharing this D1, may have the same name) is left in the log, as actor or as target.
    const addressed = await count(
      "SELECT COUNT(*) AS n FROM workspace_audit WHERE actor_email = ?1 OR instr(target, ?1) > 0",
      editor.input.email,
    );
    expect(addressed).toBe(0);
    const named = await count(
      "SELECT COUNT(*) AS n FROM workspace_audit WHERE workspace_id IN (?2, ?3) AND actor_name = ?1",
      editor.input.name,
      workspace,
      editor.user.id,
    );
    expect(named).toBe(0);
    // What they did stays in the owner's log, by "A former member".
    const log = (await (await asMember(owner)("/api/workspace/audit")).json()) as {
      items: { action: string; actor: { name: string; email: string } }[];
    };
    expect(
      log.items.find((entry) => entry.action === "invitation.accepted" && entry.actor.name === "A former member"),
    ).toMatchObject({ actor: { name: "A former member", email: "" } });
  });

  it("a member who deletes their account ends the live session they run in someone else's workspace", async () => {
    const { owner, editor, workspace } = await team();
    await onPlan(owner, "enterprise");
    const ticketed = await asMember(editor, workspace)("/api/live/ticket", { method: "POST", body: "{}" });
    const { ticket } = liveTicketSchema.parse(await ticketed.json());
    const session = attach(await call(`/api/live?ticket=${ticket}`, { headers: { upgrade: "websocket" } }));
    expect(session.status).toBe(101);
    await session.received(1);
    const maker = () =>
      env.DB.prepare("SELECT created_by FROM live_sessions WHERE id = ?").bind(session.id).first("created_by");
    expect(await maker()).toBe(editor.user.id);
    expect((await deleteAccount(editor)).status).toBe(200);
    await session.closed;
    const status = await env.DB.prepare("SELECT status FROM live_sessions WHERE id = ?")
      .bind(session.id)
      .first("status");
    expect(status).toBe("ended");
    // The transcript stays the workspace's, no longer naming the person who ran it.
    expect(await maker()).toBeNull();
  });

  it("a member who deletes their account leaves their work to the workspace, no longer named as its maker", async () => {
    const { editor, workspace } = await team();
    const inWorkspace = { [WORKSPACE_HEADER]: workspace };
    const recording = await tusUpload(editor.token, speechWav(8), "audio/wav", true, inWorkspace);
    const form = new FormData();
    form.set("file", new Blob([speechWav(8)], { type: "audio/wav" }), "briefing.wav");
    const analysed = await call("/api/sentiment", {
      method: "POST",
      headers: { authorization: `Bearer ${editor.token}`, ...inWorkspace },
      body: form,
    });
    expect(analysed.status).toBe(200);
    const report = analysed.headers.get("location")?.split("/").pop() ?? "";
    // Speech made in the workspace, and in the editor's own workspace (which goes with the account).
    const speech = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at, created_by)
       VALUES (?, ?, 'tts', 'voice', 'Made by the editor', 18, 10, ?, ?, ?)`,
    )
      .bind(speech, workspace, `tts/${workspace}/${speech}.mp3`, new Date().toISOString(), editor.user.id)
      .run();
    const rows = [
      ["jobs", report],
      ["uploads", recording],
      ["audio_items", speech],
    ] as const;
    const row = (table: string, id: string) =>
      env.DB.prepare(`SELECT user_id, created_by FROM ${table} WHERE id = ?`).bind(id).first();
    for (const [table, id] of rows)
      expect(await row(table, id), table).toEqual({ user_id: workspace, created_by: editor.user.id });

    expect((await deleteAccount(editor)).status).toBe(200);
    for (const [table, id] of rows)
      expect(await row(table, id), table).toEqual({ user_id: workspace, created_by: null });
    for (const table of ["jobs", "uploads", "live_sessions", "audio_items"]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE created_by = ?`, editor.user.id), table).toBe(0);
    }
  });

  it("an owner who deletes their account deletes the workspace: its members' memberships, its invitations and its log", async () => {
    const { owner, viewer, workspace } = await team();
    const extra = await registerAndSignIn();
    await onPlan(owner, "enterprise");
    await invite(owner, extra.input.email, "editor");
    expect(await count("SELECT COUNT(*) AS n FROM workspace_members WHERE workspace_id = ?", workspace)).toBe(3);

    expect((await deleteAccount(owner)).status).toBe(200);
    for (const table of ["workspace_members", "workspace_invitations", "workspace_audit", "workspace_seats"]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE workspace_id = ?`, workspace)).toBe(0);
    }
    // The members keep their own workspaces, and the gone one is no longer theirs to name.
    const theirs = workspacesResponse.parse(await (await asMember(viewer)("/api/workspaces")).json());
    expect(theirs.items.map((item) => item.id)).toEqual([viewer.user.id]);
    expect((await asMember(viewer, workspace)("/api/workspace")).status).toBe(404);
    // And the invitation's link no longer works.
    expect((await accept(extra, "a".repeat(43))).status).toBe(404);
  });

  it("the data download lists the person's workspaces with their role in each", async () => {
    const { viewer, workspace } = await team();
    const download = (await (await asMember(viewer)("/api/account/export")).json()) as {
      workspaces: { id: string; name: string; role: string }[];
    };
    expect(download.workspaces).toEqual([
      { id: viewer.user.id, name: viewer.input.organization_name, role: "owner" },
      { id: workspace, name: "Harmattan PR", role: "viewer" },
    ]);
    // The download is in the person's own workspace's log.
    const log = (await (await asMember(viewer)("/api/workspace/audit")).json()) as { items: { action: string }[] };
    expect(log.items.map((entry) => entry.action)).toContain("data.exported");
  });
});
