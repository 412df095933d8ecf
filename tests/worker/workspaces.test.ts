import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { pressReleaseSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import {
  type AuditPage,
  auditPage,
  membersResponse,
  workspaceSchema,
  workspacesResponse,
} from "../../worker/workspaces/contracts/workspaces.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses, settled } from "./jobs.ts";
import { COMPLETE_KIT } from "./press-kit.ts";
import { accept, asMember, invite, onPlan, type Person, team } from "./workspace-helpers.ts";

async function auditOf(owner: Person): Promise<AuditPage> {
  const response = await asMember(owner)("/api/workspace/audit?limit=100");
  expect(response.status).toBe(200);
  return auditPage.parse(await response.json());
}

describe("workspaces: the done-when flow", () => {
  it("a Yearly owner's editor and viewer share the release and the press kit, a removed editor is out at once, and the log names each step", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, viewer, workspace } = await team();
    const release = await finishedRelease(owner.token);
    expect(
      (await asMember(owner)("/api/organisation", { method: "PUT", body: JSON.stringify(COMPLETE_KIT) })).status,
    ).toBe(200);

    // Both joined, and the switcher lists the owner's workspace for each.
    const listed = workspacesResponse.parse(await (await asMember(viewer)("/api/workspaces")).json());
    expect(listed.items.map((item) => [item.id, item.role])).toContainEqual([workspace, "viewer"]);
    const current = workspaceSchema.parse(await (await asMember(viewer, workspace)("/api/workspace")).json());
    expect(current).toMatchObject({
      id: workspace,
      name: "Harmattan PR",
      role: "viewer",
      seats: { used: 3, limit: 3 },
    });
    const members = membersResponse.parse(await (await asMember(editor, workspace)("/api/workspace/members")).json());
    expect(members.items.map((member) => member.role)).toEqual(["owner", "editor", "viewer"]);

    // The viewer reads the owner's release but may not edit it.
    const asViewer = asMember(viewer, workspace);
    const read = await asViewer(`/api/press-releases/${release.id}`);
    expect(read.status).toBe(200);
    const edit = (text: string) => ({ method: "PATCH", body: JSON.stringify({ text }) });
    const refused = await asViewer(`/api/press-releases/${release.id}`, edit(`${release.text}\n\nEdited.`));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "role_forbidden", message: expect.stringContaining("editor") });
    // Without the header the viewer acts in their own workspace, where the release does not exist.
    expect((await asMember(viewer)(`/api/press-releases/${release.id}`)).status).toBe(404);

    // The editor edits it, and the press kit is the owner's for both.
    const asEditor = asMember(editor, workspace);
    const edited = `# Harmattan PR opens its Kano office\n\n**KANO, Nigeria** — It opened today.\n\n###\n`;
    expect((await asEditor(`/api/press-releases/${release.id}`, edit(edited))).status).toBe(200);
    expect(await (await asMember(owner)(`/api/press-releases/${release.id}`)).json()).toMatchObject({ text: edited });
    for (const person of [editor, viewer]) {
      const kit = await (await asMember(person, workspace)("/api/organisation")).json();
      expect(kit).toMatchObject({ name: COMPLETE_KIT.name });
    }

    // The viewer exports it; the editor deletes nothing they may not.
    expect((await asViewer(`/api/press-releases/${release.id}/export?format=md`)).status).toBe(200);

    // Removed, the editor is refused at once.
    const removed = await asMember(owner)(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: expect.stringMatching(/ was removed from the workspace\.$/) });
    const after = await asEditor(`/api/press-releases/${release.id}`);
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ code: "workspace_not_found" });

    // A Monthly owner's invitation is a 402 that says why.
    const monthly = await registerAndSignIn();
    await onPlan(monthly, "monthly");
    const full = await asMember(monthly)("/api/workspace/invitations", {
      method: "POST",
      body: JSON.stringify({ email: viewer.input.email, role: "viewer" }),
    });
    expect(full.status).toBe(402);
    const reason = (await full.json()) as { code: string; message: string };
    expect(reason.code).toBe("seats_full");
    expect(reason.message).toMatch(/Monthly plan has the owner only/);
    expect(reason.message).toMatch(/Yearly has 3 seats/);

    // The log names each step, the newest first.
    const log = await auditOf(owner);
    expect(log.items.map((entry) => [entry.action, entry.actor.email, entry.target]).reverse()).toEqual([
      ["invitation.sent", owner.input.email, `${editor.input.email} as editor`],
      ["invitation.sent", owner.input.email, `${viewer.input.email} as viewer`],
      ["invitation.accepted", editor.input.email, `${editor.input.email} as editor`],
      ["invitation.accepted", viewer.input.email, `${viewer.input.email} as viewer`],
      ["press_kit.edited", owner.input.email, "the press kit"],
      ["release.edited", editor.input.email, "Harmattan PR opens its Kano office"],
      ["member.removed", owner.input.email, editor.input.email],
    ]);
    // A viewer may not read the log; the owner's own workspace log is theirs alone.
    expect((await asViewer("/api/workspace/audit")).status).toBe(403);
  });

  it("invitations: one seat each, no second for the same address, only the invited address accepts, once", async () => {
    const owner = await registerAndSignIn();
    await onPlan(owner, "yearly");
    const invited = await registerAndSignIn();
    const stranger = await registerAndSignIn();
    const token = await invite(owner, invited.input.email, "admin");
    const again = await asMember(owner)("/api/workspace/invitations", {
      method: "POST",
      body: JSON.stringify({ email: invited.input.email, role: "viewer" }),
    });
    expect(again.status).toBe(409);

    const wrong = await accept(stranger, token);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: "invitation_for_another" });
    const accepted = await accept(invited, token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ workspace: { id: owner.user.id, role: "admin" } });
    expect((await accept(invited, token)).status).toBe(404);

    // Owner, admin and one invitation fill Yearly's 3 seats; the fourth is a 402.
    await invite(owner, stranger.input.email, "viewer");
    const fourth = await asMember(owner)("/api/workspace/invitations", {
      method: "POST",
      body: JSON.stringify({ email: "someone.else@example.ng", role: "viewer" }),
    });
    expect(fourth.status).toBe(402);
    expect(await fourth.json()).toMatchObject({
      code: "seats_full",
      message:
        "The Yearly plan has 3 seats, and they are all taken or held for invitations. Enterprise has as many as you need: change the plan, or remove a member or revoke an invitation first.",
    });

    // The admin lists and revokes the invitation; the link then no longer works.
    const asAdmin = asMember(invited, owner.user.id);
    const { items } = (await (await asAdmin("/api/workspace/invitations")).json()) as { items: { id: string }[] };
    expect(items).toHaveLength(1);
    expect((await asAdmin(`/api/workspace/invitations/${items[0]?.id}`, { method: "DELETE" })).status).toBe(200);

    // An expired link says so.
    const later = await invite(owner, stranger.input.email, "viewer");
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE workspace_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), owner.user.id)
      .run();
    expect((await accept(stranger, later)).status).toBe(410);

    // Bad input is a 400 with the field's message.
    const bad = await asMember(owner)("/api/workspace/invitations", {
      method: "POST",
      body: JSON.stringify({ email: "not an address", role: "owner" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "validation_failed", errors: { role: expect.any(Array) } });
  });

  it("the same invitation sent twice at once is one invitation, and the second is told it was sent already", async () => {
    const owner = await registerAndSignIn();
    await onPlan(owner, "enterprise");
    const email = `twice.${Date.now()}@example.ng`;
    const send = () =>
      asMember(owner)("/api/workspace/invitations", {
        method: "POST",
        body: JSON.stringify({ email, role: "editor" }),
      });
    const answers = await Promise.all([send(), send()]);
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ code?: string }>));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(bodies.find((body) => body.code)?.code).toBe("already_invited");
    const { items } = (await (await asMember(owner)("/api/workspace/invitations")).json()) as { items: unknown[] };
    expect(items).toHaveLength(1);
  });

  it("an invitation accepted twice at once joins once, and the second is told the person is in already", async () => {
    const owner = await registerAndSignIn();
    await onPlan(owner, "enterprise");
    const invited = await registerAndSignIn();
    const token = await invite(owner, invited.input.email, "editor");
    const answers = await Promise.all([accept(invited, token), accept(invited, token)]);
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ code?: string }>));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(bodies.find((body) => body.code)?.code).toBe("already_member");
    const members = membersResponse.parse(await (await asMember(owner)("/api/workspace/members")).json());
    expect(members.items.map((member) => member.email).sort()).toEqual([owner.input.email, invited.input.email].sort());
  });

  it("a member changes roles only as an admin, never the owner's, and may leave on their own", async () => {
    const { owner, editor, viewer, workspace } = await team();
    const asEditor = asMember(editor, workspace);
    const promote = (userId: string, role: string) =>
      ({
        path: `/api/workspace/members/${userId}`,
        init: { method: "PATCH", body: JSON.stringify({ role }) },
      }) as const;
    const byEditor = promote(viewer.user.id, "admin");
    expect((await asEditor(byEditor.path, byEditor.init)).status).toBe(403);
    const byOwner = promote(viewer.user.id, "editor");
    expect((await asMember(owner)(byOwner.path, byOwner.init)).status).toBe(200);
    const ownerRow = promote(owner.user.id, "viewer");
    expect((await asMember(owner)(ownerRow.path, ownerRow.init)).status).toBe(404);
    // An editor may not remove another member, but may leave.
    expect((await asEditor(`/api/workspace/members/${viewer.user.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await asEditor(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await asEditor("/api/workspace")).status).toBe(404);
    const log = await auditOf(owner);
    expect(log.items.slice(0, 2).map((entry) => entry.action)).toEqual(["member.left", "member.role_changed"]);
  });

  it(`role changes are limited to ${WRITE_RATE_LIMITS.memberRole.limit} an hour per person, then 429 with nothing changed or logged`, async () => {
    const { owner, viewer } = await team();
    const change = (role: string) =>
      asMember(owner)(`/api/workspace/members/${viewer.user.id}`, {
        method: "PATCH",
        body: JSON.stringify({ role }),
      });
    const changes = async () =>
      (await auditOf(owner)).items.filter((entry) => entry.action === "member.role_changed").length;
    for (let i = 0; i < WRITE_RATE_LIMITS.memberRole.limit; i++) {
      expect((await change(i % 2 === 0 ? "editor" : "viewer")).status).toBe(200);
    }
    const logged = await changes();
    const refused = await change("admin");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const members = membersResponse.parse(await (await asMember(owner)("/api/workspace/members")).json());
    expect(members.items.find((member) => member.user_id === viewer.user.id)?.role).toBe("viewer");
    expect(await changes()).toBe(logged);
  });

  it("an editor's publishing, taking down and deleting of the owner's release are in the log, by the editor, under its headline", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, workspace } = await team();
    const slug = `harmattan-${Date.now().toString(36)}`;
    expect(
      (await asMember(owner)("/api/organisation", { method: "PUT", body: JSON.stringify({ ...COMPLETE_KIT, slug }) }))
        .status,
    ).toBe(200);
    const release = await finishedRelease(owner.token);
    const asEditor = asMember(editor, workspace);
    const publish = `/api/press-releases/${release.id}/publish`;
    expect((await asEditor(publish, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await asEditor(publish, { method: "DELETE" })).status).toBe(200);
    expect((await asEditor(`/api/press-releases/${release.id}`, { method: "DELETE" })).status).toBe(200);
    const log = await auditOf(owner);
    const steps = log.items.slice(0, 3).reverse();
    expect(steps.map((entry) => [entry.action, entry.actor.email])).toEqual([
      ["release.published", editor.input.email],
      ["release.unpublished", editor.input.email],
      ["release.deleted", editor.input.email],
    ]);
    const headline = steps[0]?.target ?? "";
    expect(headline.length).toBeGreaterThan(0);
    expect(steps.every((entry) => entry.target === headline)).toBe(true);
  });
});

describe("workspaces: edits in the audit log, one an hour per person and thing edited", () => {
  const edit = (text: string) => ({ method: "PATCH", body: JSON.stringify({ text }) });
  const withHeadline = (headline: string, body: string) => `# ${headline}\n\n**LAGOS, Nigeria** — ${body}\n\n###\n`;
  const editsOf = async (owner: Person, action: string) =>
    (await auditOf(owner)).items.filter((entry) => entry.action === action);

  /** Moves workspace `workspace`'s entries of `action` back past the hour that coalesces them, in their order. */
  async function anHourLater(workspace: string, action: string) {
    await env.DB.prepare(
      "UPDATE workspace_audit SET at = strftime('%Y-%m-%dT%H:%M:%fZ', at, '-61 minutes') WHERE workspace_id = ? AND action = ?",
    )
      .bind(workspace, action)
      .run();
  }

  it("an editor's three saves of a release are one entry naming them, another person's a second, and an hour later a third", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, workspace } = await team();
    const release = await finishedRelease(owner.token);
    const asEditor = asMember(editor, workspace);
    for (const body of ["It opened today.", "It opened today in Yaba.", "It opened today in Yaba, Lagos."]) {
      const saved = await asEditor(`/api/press-releases/${release.id}`, edit(withHeadline("Lagos office opens", body)));
      expect(saved.status).toBe(200);
    }
    expect((await editsOf(owner, "release.edited")).map((entry) => [entry.actor.email, entry.target])).toEqual([
      [editor.input.email, "Lagos office opens"],
    ]);

    // The headline changes as people type; the entries still know the release.
    const ownerEdit = withHeadline("Harmattan PR opens in Lagos", "It opened today.");
    expect((await asMember(owner)(`/api/press-releases/${release.id}`, edit(ownerEdit))).status).toBe(200);
    const changed = withHeadline("Harmattan PR opens in Yaba", "It opened today.");
    expect((await asEditor(`/api/press-releases/${release.id}`, edit(changed))).status).toBe(200);
    expect((await editsOf(owner, "release.edited")).map((entry) => [entry.actor.email, entry.target])).toEqual([
      [owner.input.email, "Harmattan PR opens in Lagos"],
      [editor.input.email, "Lagos office opens"],
    ]);

    await anHourLater(workspace, "release.edited");
    const later = withHeadline("Harmattan PR opens in Yaba", "It opened today, with ten staff.");
    expect((await asEditor(`/api/press-releases/${release.id}`, edit(later))).status).toBe(200);
    const entries = await editsOf(owner, "release.edited");
    expect(entries.map((entry) => [entry.actor.email, entry.target])).toEqual([
      [editor.input.email, "Harmattan PR opens in Yaba"],
      [owner.input.email, "Harmattan PR opens in Lagos"],
      [editor.input.email, "Lagos office opens"],
    ]);
  });

  it("two saves sent at once make one entry, and picking a headline is an edit as well", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, workspace } = await team();
    const release = await finishedRelease(owner.token);
    const asEditor = asMember(editor, workspace);
    const both = await Promise.all(
      ["It opened today.", "It opened today in Kano."].map((body) =>
        asEditor(`/api/press-releases/${release.id}`, edit(withHeadline("Kano office opens", body))),
      ),
    );
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect((await editsOf(owner, "release.edited")).map((entry) => entry.actor.email)).toEqual([editor.input.email]);

    const picked = release.headlines?.[0] ?? "";
    const pick = { method: "POST", body: JSON.stringify({ headline: picked }) };
    expect((await asMember(owner)(`/api/press-releases/${release.id}/headline`, pick)).status).toBe(200);
    expect((await editsOf(owner, "release.edited")).map((entry) => [entry.actor.email, entry.target])).toEqual([
      [owner.input.email, picked],
      [editor.input.email, "Kano office opens"],
    ]);
  });

  it("saving the copy in the recording's language and asking for the release to be written again are edits too", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, editor, workspace } = await team();
    const form = new FormData();
    form.set("file", new Blob([speechWav(30)], { type: "audio/wav" }), "briefing.wav");
    form.set("language", "yo");
    form.set("also_in_language", "true");
    const started = await call("/api/press-releases", {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, owner.token));
    expect(release).toMatchObject({ status: "completed", translation: { language: "yo" } });
    const headline = /^# (.+)$/m.exec(release.text ?? "")?.[1];

    const translated = { method: "PATCH", body: JSON.stringify({ text: "# Ìjọba ṣí kànga\n\nÀjọ náà ṣí kànga.\n" }) };
    expect((await asMember(editor, workspace)(`/api/press-releases/${id}/translation`, translated)).status).toBe(200);
    const again = {
      method: "POST",
      body: JSON.stringify({ tone: "urgent", length: "short", audience: "local_radio" }),
    };
    const regenerating = await asMember(owner)(`/api/press-releases/${id}/regenerate`, again);
    expect(regenerating.status).toBe(202);
    await settled(regenerating.headers.get("location") ?? "", owner.token);

    expect((await editsOf(owner, "release.edited")).map((entry) => [entry.actor.email, entry.target])).toEqual([
      [owner.input.email, headline],
      [editor.input.email, headline],
    ]);
  });

  it("the press kit, the vocabulary and the media list are recorded, edits once an hour, imports by how many", async () => {
    const { owner, editor, workspace } = await team();
    const asEditor = asMember(editor, workspace);
    for (const name of ["Harmattan PR", "Harmattan PR Ltd"]) {
      const kit = { method: "PUT", body: JSON.stringify({ ...COMPLETE_KIT, name }) };
      expect((await asEditor("/api/organisation", kit)).status).toBe(200);
    }
    for (const terms of [["Eko Atlantic"], ["Eko Atlantic", "Yaba"]]) {
      expect((await asEditor("/api/vocabulary", { method: "PUT", body: JSON.stringify({ terms }) })).status).toBe(200);
    }
    const csv = [
      "name,email,outlet,beat,consent",
      "Adaeze Okafor,adaeze@punchng.example,Punch,Business,yes",
      "Musa Bello,musa@dailytrust.example,Daily Trust,Politics,yes",
    ].join("\r\n");
    const imported = await asEditor("/api/contacts/import", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: csv,
    });
    expect(imported.status).toBe(201);
    const list = (await (await asEditor("/api/contacts")).json()) as { items: { id: string; email: string }[] };
    const musa = list.items.find((contact) => contact.email === "musa@dailytrust.example");
    expect(musa).toBeDefined();
    for (const beat of ["Elections", "Elections and security"]) {
      const patch = { method: "PATCH", body: JSON.stringify({ beat }) };
      expect((await asEditor(`/api/contacts/${musa?.id}`, patch)).status).toBe(200);
    }
    expect((await asEditor(`/api/contacts/${musa?.id}`, { method: "DELETE" })).status).toBe(200);

    const log = await auditOf(owner);
    const edits = log.items.filter(
      (entry) => entry.actor.email === editor.input.email && entry.action !== "invitation.accepted",
    );
    expect(edits.map((entry) => [entry.action, entry.target]).reverse()).toEqual([
      ["press_kit.edited", "the press kit"],
      ["vocabulary.edited", "the vocabulary"],
      ["contacts.imported", "2 contacts"],
      // By outlet: a deleted journalist's address is not kept in the log.
      ["contact.edited", "a contact at Daily Trust"],
      ["contact.deleted", "a contact at Daily Trust"],
    ]);

    await anHourLater(workspace, "press_kit.edited");
    const kit = { method: "PUT", body: JSON.stringify({ ...COMPLETE_KIT, name: "Harmattan PR" }) };
    expect((await asEditor("/api/organisation", kit)).status).toBe(200);
    expect(await editsOf(owner, "press_kit.edited")).toHaveLength(2);
  });

  it("a viewer's refused edits record nothing", async () => {
    await using _fast = await jobsWithoutPauses();
    const { owner, viewer, workspace } = await team();
    const release = await finishedRelease(owner.token);
    const asViewer = asMember(viewer, workspace);
    const refused = await asViewer(`/api/press-releases/${release.id}`, edit(withHeadline("Not theirs", "No.")));
    expect(refused.status).toBe(403);
    const vocabulary = { method: "PUT", body: JSON.stringify({ terms: ["Ikeja"] }) };
    expect((await asViewer("/api/vocabulary", vocabulary)).status).toBe(403);
    const kit = { method: "PUT", body: JSON.stringify(COMPLETE_KIT) };
    expect((await asViewer("/api/organisation", kit)).status).toBe(403);
    // The same edit by the owner is recorded, so the log is not merely silent.
    const allowed = await asMember(owner)(`/api/press-releases/${release.id}`, edit(withHeadline("Theirs", "Yes.")));
    expect(allowed.status).toBe(200);
    const log = await auditOf(owner);
    expect(log.items.filter((entry) => entry.actor.email === viewer.input.email).map((entry) => entry.action)).toEqual([
      "invitation.accepted",
    ]);
    expect((await editsOf(owner, "release.edited")).map((entry) => entry.actor.email)).toEqual([owner.input.email]);
  });
});
