import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEMI } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";
import { AGENCY, MEMBERS, OWN, serveWorkspaces } from "./workspaces-server.ts";

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { ...AGENCY, role: "admin" as const };
const AS_ADMIN = [
  { user_id: "u9", name: "Bisi Ola", email: "bisi@ekopr.example", role: "owner" as const },
  { user_id: "u1", name: KEMI.name, email: KEMI.email, role: "admin" as const },
  { user_id: "u5", name: "Tunde Bello", email: "tunde@ekopr.example", role: "viewer" as const },
];

async function openTeam() {
  renderSite("/settings#team");
  return screen.findByRole("list", { name: "Members" });
}

describe("Settings › Team", () => {
  it("lists the members with their roles, and lets an admin manage them and read the audit log", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [OWN, ADMIN];
    fake.members = AS_ADMIN;
    fake.audit = Array.from({ length: 30 }, (_, index) => ({
      at: "2026-11-28T09:00:00.000Z",
      actor: { name: "Bisi Ola", email: "bisi@ekopr.example" },
      action: "invitation.sent" as const,
      target: `reporter${index}@example.ng`,
    }));
    signIn(KEMI);
    localStorage.setItem("vox_workspace", ADMIN.id);
    const members = await openTeam();

    expect(await screen.findByText("2 of 3 seats used.")).toBeInTheDocument();
    const tunde = within(members).getByText("Tunde Bello").closest("li") as HTMLElement;
    expect(within(tunde).getByText("tunde@ekopr.example")).toBeInTheDocument();
    expect(within(tunde).getByRole("combobox", { name: "Role of Tunde Bello" })).toHaveValue("viewer");
    expect(within(tunde).getByRole("button", { name: "Remove Tunde Bello (tunde@ekopr.example)" })).toBeInTheDocument();
    // The owner is not theirs to change.
    const bisi = within(members).getByText("Bisi Ola").closest("li") as HTMLElement;
    expect(within(bisi).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(bisi).getByText("Owner")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send invitation" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave workspace" })).toBeInTheDocument();

    const audit = await screen.findByRole("region", { name: "Audit log" });
    expect(await within(audit).findByText("reporter0@example.ng")).toBeInTheDocument();
    expect(within(audit).getAllByText(/28 Nov 2026/)).toHaveLength(25);
    await userEvent.click(within(audit).getByRole("button", { name: "Load more" }));
    expect(await within(audit).findByText("reporter29@example.ng")).toBeInTheDocument();
    expect(within(audit).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url.startsWith("/api/workspace/audit")).map((call) => call.url)).toEqual([
      "/api/workspace/audit?limit=25&offset=0",
      "/api/workspace/audit?limit=25&offset=25",
    ]);
  });

  it("words each kind of edit in the audit log", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [OWN, ADMIN];
    fake.members = AS_ADMIN;
    const entry = (action: string, target: string) => ({
      at: "2026-11-28T09:00:00.000Z",
      actor: { name: "Bisi Ola", email: "bisi@ekopr.example" },
      action: action as "release.edited",
      target,
    });
    fake.audit = [
      entry("release.edited", "Eko Atlantic opens its marina"),
      entry("press_kit.edited", "the press kit"),
      entry("vocabulary.edited", "the vocabulary"),
      entry("contacts.imported", "12 contacts"),
      entry("contact.edited", "musa@dailytrust.example"),
      entry("contact.deleted", "musa@dailytrust.example"),
    ];
    signIn(KEMI);
    localStorage.setItem("vox_workspace", ADMIN.id);
    await openTeam();

    const audit = await screen.findByRole("region", { name: "Audit log" });
    await within(audit).findByText("Eko Atlantic opens its marina");
    const sentences = within(audit)
      .getAllByRole("listitem")
      .map((item) => item.textContent?.replace(/^.*?Bisi Ola/, "Bisi Ola"));
    expect(sentences).toEqual([
      "Bisi Ola (bisi@ekopr.example) edited the release Eko Atlantic opens its marina",
      "Bisi Ola (bisi@ekopr.example) edited the press kit",
      "Bisi Ola (bisi@ekopr.example) edited the vocabulary",
      "Bisi Ola (bisi@ekopr.example) imported 12 contacts",
      "Bisi Ola (bisi@ekopr.example) edited the contact musa@dailytrust.example",
      "Bisi Ola (bisi@ekopr.example) deleted the contact musa@dailytrust.example",
    ]);
    expect(within(audit).getByText(/Edits show once an hour/)).toBeInTheDocument();
  });

  it("shows a viewer the team without anything to manage", async () => {
    const fake = serveWorkspaces();
    const viewer = { ...AGENCY, role: "viewer" as const };
    fake.workspaces = [OWN, viewer];
    fake.members = MEMBERS.map((member) => (member.user_id === "u1" ? { ...member, role: "viewer" } : member));
    signIn(KEMI);
    localStorage.setItem("vox_workspace", viewer.id);
    const members = await openTeam();

    expect(within(members).getByText("Bisi Ola")).toBeInTheDocument();
    expect(within(members).getByText("Viewer")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Leave workspace" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /the owner$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send invitation" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Audit log" })).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.url.startsWith("/api/workspace/audit"))).toBe(false);
  });

  it("lets a member leave, and takes them back to their own workspace", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    localStorage.setItem("vox_workspace", AGENCY.id);
    await openTeam();
    await userEvent.click(await screen.findByRole("button", { name: "Leave workspace" }));
    const dialog = await screen.findByRole("dialog", { name: `Leave ${AGENCY.name}?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(localStorage.getItem("vox_workspace")).toBeNull());
    expect(fake.calls.find((call) => call.method === "DELETE")).toMatchObject({
      url: "/api/workspace/members/u1",
      workspace: AGENCY.id,
    });
    expect(await screen.findByText(`You left ${AGENCY.name}.`)).toBeInTheDocument();
  });

  it("offers an owner on Monthly a plan with seats instead of an invitation it would refuse", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [OWN];
    fake.members = [{ user_id: "u1", name: KEMI.name, email: KEMI.email, role: "owner" }];
    signIn(KEMI);
    await openTeam();
    expect(await screen.findByText(/Your Monthly plan has you alone; Yearly has 3 seats/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/pricing");
    expect(screen.queryByRole("button", { name: "Send invitation" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("E-mail")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave workspace" })).not.toBeInTheDocument();
    // Owners and admins still read the log.
    expect(await screen.findByRole("heading", { name: "Audit log" })).toBeInTheDocument();
  });

  it("gives the Worker's reason when the last seat went meanwhile, and stays on Settings", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [{ ...OWN, seats: { used: 2, limit: 3 } }];
    fake.members = [
      { user_id: "u1", name: KEMI.name, email: KEMI.email, role: "owner" },
      { user_id: "u5", name: "Tunde Bello", email: "tunde@ekopr.example", role: "editor" },
    ];
    signIn(KEMI);
    await openTeam();
    const reason =
      "The Yearly plan's 3 seats are all taken or held for invitations. Enterprise has as many as you need: change the plan, or remove a member or revoke an invitation first.";
    fake.refuse = { path: "/api/workspace/invitations", status: 402, body: { message: reason, code: "seats_full" } };
    await userEvent.type(await screen.findByLabelText("E-mail"), "ade@example.ng");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role" }), "viewer");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(reason)).toHaveAttribute("role", "alert");
    // Not a missing plan: the person is not sent to /pricing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === "POST")?.body).toEqual({
      email: "ade@example.ng",
      role: "viewer",
    });
  });

  it("shows an address already in the team at its field, and lists a sent invitation to revoke", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [{ ...OWN, seats: { used: 1, limit: 3 } }];
    signIn(KEMI);
    await openTeam();
    fake.refuse = {
      path: "/api/workspace/invitations",
      status: 409,
      body: { message: "bisi@ekopr.example is already in this workspace.", code: "already_member" },
    };
    const email = screen.getByLabelText("E-mail");
    await userEvent.type(email, "bisi@ekopr.example");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("bisi@ekopr.example is already in this workspace."));

    await userEvent.clear(email);
    await userEvent.type(email, "ade@example.ng");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    const revoke = await screen.findByRole("button", { name: "Revoke the invitation to ade@example.ng" });
    // The seat the invitation holds is counted, and the log is read again to show the sending.
    const auditReads = () => fake.calls.filter((call) => call.url.includes("/api/workspace/audit")).length;
    expect(
      await screen.findByText(/^1 of 3 seats used, 1 held for an invitation waiting to be accepted\./),
    ).toBeVisible();
    const readsAfterSending = auditReads();
    expect(readsAfterSending).toBeGreaterThan(1);
    await userEvent.click(revoke);
    await waitFor(() => expect(revoke).not.toBeInTheDocument());
    expect(screen.getByText("The invitation to ade@example.ng was revoked.")).toBeInTheDocument();
    await waitFor(() => expect(auditReads()).toBeGreaterThan(readsAfterSending));
    expect(await screen.findByText(/^1 of 3 seats used\./)).toBeVisible();
  });
});

/** Kemi owns her workspace, on Yearly, with two people she invited. */
const OWNED = { ...OWN, seats: { used: 3, limit: 3 } };
const HER_TEAM = [
  { user_id: "u1", name: KEMI.name, email: KEMI.email, role: "owner" as const },
  { user_id: "u5", name: "Tunde Bello", email: "tunde@ekopr.example", role: "editor" as const },
  { user_id: "u7", name: "Ada Obi", email: "ada@ekopr.example", role: "viewer" as const },
];

function ownerWithTeam() {
  const fake = serveWorkspaces();
  fake.workspaces = [OWNED, AGENCY];
  fake.members = [...HER_TEAM];
  signIn(KEMI);
  return fake;
}

const storedUser = () => JSON.parse(localStorage.getItem("userObj") ?? "null") as { id?: string } | null;
const handOverCalls = (fake: ReturnType<typeof serveWorkspaces>) =>
  fake.calls.filter((call) => call.url === "/api/workspace/owner");

describe("Settings › Team: handing the workspace over", () => {
  it("offers the owner to make each other member the owner, and not themselves", async () => {
    ownerWithTeam();
    const members = await openTeam();
    const row = (name: string) =>
      within(members)
        .getAllByRole("listitem")
        .find((item) => item.textContent?.startsWith(name)) as HTMLElement;
    expect(await within(row("Tunde Bello")).findByRole("button", { name: "Make Tunde Bello the owner" })).toBeVisible();
    expect(within(row("Ada Obi")).getByRole("button", { name: "Make Ada Obi the owner" })).toBeVisible();
    expect(within(row(KEMI.name)).queryByRole("button", { name: /the owner$/ })).not.toBeInTheDocument();
    expect(within(members).getAllByRole("button", { name: /^Make .* the owner$/ })).toHaveLength(2);
  });

  it("shows an admin no way to make anyone the owner", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [OWN, ADMIN];
    fake.members = AS_ADMIN;
    signIn(KEMI);
    localStorage.setItem("vox_workspace", ADMIN.id);
    const members = await openTeam();
    expect(await within(members).findByRole("combobox", { name: "Role of Tunde Bello" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /the owner$/ })).not.toBeInTheDocument();
  });

  it("hands her own workspace over: her login moves to the answer's account and token, and she acts in the workspace as its admin", async () => {
    const fake = ownerWithTeam();
    await openTeam();
    await userEvent.click(await screen.findByRole("button", { name: "Make Tunde Bello the owner" }));
    const dialog = await screen.findByRole("dialog", { name: `Hand ${OWN.name} over to Tunde Bello?` });
    expect(dialog).toHaveAccessibleDescription(
      "Tunde Bello becomes its owner: they hold its billing and can delete it. You stay in it as an admin. Auto-renew on your card stops now; the plan runs to the end of what is paid, and Tunde Bello renews it with their own card.",
    );
    const listReads = fake.calls.filter((call) => call.url === "/api/workspaces").length;
    await userEvent.click(within(dialog).getByRole("button", { name: "Hand over" }));

    expect(
      await screen.findByText(`Tunde Bello now owns ${OWN.name}; you stay in it as an admin.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Her own workspace, so no header named it.
    expect(handOverCalls(fake)).toEqual([
      { url: "/api/workspace/owner", method: "POST", workspace: null, body: { user_id: "u5" } },
    ]);
    expect(storedUser()?.id).toBe("u1-new");
    // The answer's token names her new account.
    expect(localStorage.getItem("token")).toBe("u1-new.fresh-token");
    expect(localStorage.getItem("vox_workspace")).toBe(OWN.id);
    expect(screen.getByRole("heading", { name: `Team of ${OWN.name}` })).toHaveFocus();

    // The team as it is now, fetched in the workspace she now names.
    const members = await screen.findByRole("list", { name: "Members" });
    const tunde = within(members).getByText("Tunde Bello").closest("li") as HTMLElement;
    await waitFor(() => expect(within(tunde).getByText("Owner")).toBeInTheDocument());
    expect(within(members).getByRole("combobox", { name: "Role of Ada Obi" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /the owner$/ })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Leave workspace" })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/api/workspace/members").at(-1)?.workspace).toBe(OWN.id);
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.url === "/api/workspaces").length).toBeGreaterThan(listReads),
    );
    expect(storedUser()?.id).toBe("u1-new");
  });

  it("hands over a workspace she was given, named in the workspace header, and keeps her account", async () => {
    const fake = serveWorkspaces();
    const given = { ...AGENCY, role: "owner" as const };
    fake.workspaces = [OWN, given];
    fake.members = [
      { user_id: "u1", name: KEMI.name, email: KEMI.email, role: "owner" },
      { user_id: "u9", name: "Bisi Ola", email: "bisi@ekopr.example", role: "admin" },
    ];
    signIn(KEMI);
    localStorage.setItem("vox_workspace", given.id);
    await openTeam();
    await userEvent.click(await screen.findByRole("button", { name: "Make Bisi Ola the owner" }));
    const dialog = await screen.findByRole("dialog", { name: `Hand ${AGENCY.name} over to Bisi Ola?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Hand over" }));

    expect(
      await screen.findByText(`Bisi Ola now owns ${AGENCY.name}; you stay in it as an admin.`),
    ).toBeInTheDocument();
    expect(handOverCalls(fake)).toEqual([
      { url: "/api/workspace/owner", method: "POST", workspace: AGENCY.id, body: { user_id: "u9" } },
    ]);
    expect(localStorage.getItem("vox_workspace")).toBe(AGENCY.id);
    expect(storedUser()?.id).toBe(KEMI.id);
  });

  it("posts nothing when she cancels, and gives the focus back to the button", async () => {
    const fake = ownerWithTeam();
    await openTeam();
    const makeOwner = await screen.findByRole("button", { name: "Make Ada Obi the owner" });
    await userEvent.click(makeOwner);
    const dialog = await screen.findByRole("dialog", { name: `Hand ${OWN.name} over to Ada Obi?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(makeOwner).toHaveFocus());
    expect(handOverCalls(fake)).toEqual([]);
    expect(storedUser()?.id).toBe(KEMI.id);
    expect(localStorage.getItem("vox_workspace")).toBeNull();
  });

  it.each([
    [409, { message: "Tunde Bello already owns this workspace.", code: "conflict" }],
    [403, { message: "Only the owner can hand the workspace over.", code: "role_forbidden" }],
  ])("gives the Worker's reason for a %i, and keeps her account and workspace", async (status, refusal) => {
    const fake = ownerWithTeam();
    await openTeam();
    await userEvent.click(await screen.findByRole("button", { name: "Make Tunde Bello the owner" }));
    const dialog = await screen.findByRole("dialog", { name: `Hand ${OWN.name} over to Tunde Bello?` });
    fake.refuse = { path: "/api/workspace/owner", status, body: refusal };
    await userEvent.click(within(dialog).getByRole("button", { name: "Hand over" }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(handOverCalls(fake)).toHaveLength(1);
    // A role's refusal keeps the session.
    expect(storedUser()?.id).toBe(KEMI.id);
    expect(localStorage.getItem("token")).toBe("test-token");
    expect(localStorage.getItem("vox_workspace")).toBeNull();
  });

  it("keeps the dialog open with the usual message when Vox cannot be reached", async () => {
    const fake = serveWorkspaces((url) => {
      if (url === "/api/workspace/owner") throw new TypeError("Failed to fetch");
      return undefined;
    });
    fake.workspaces = [OWNED, AGENCY];
    fake.members = [...HER_TEAM];
    signIn(KEMI);
    await openTeam();
    await userEvent.click(await screen.findByRole("button", { name: "Make Tunde Bello the owner" }));
    const dialog = await screen.findByRole("dialog", { name: `Hand ${OWN.name} over to Tunde Bello?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Hand over" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Could not reach Vox. Check your connection and try again.",
    );
    expect(within(dialog).getByRole("button", { name: "Hand over" })).toBeEnabled();
    expect(storedUser()?.id).toBe(KEMI.id);
  });
});
