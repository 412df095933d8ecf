import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as contract from "@worker/workspaces/contracts/workspaces.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signOut } from "../../site/src/account/sign-out.ts";
import { apiRequest, messageResponse } from "../../site/src/api/client.ts";
import { KEMI } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";
import { AGENCY, OWN, serveWorkspaces } from "./workspaces-server.ts";

afterEach(() => vi.unstubAllGlobals());

describe("the API client in a workspace", () => {
  it("names the stored workspace on every call, and none when there is none", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    await apiRequest("/api/workspace/members", { schema: async () => contract.membersResponse });
    localStorage.setItem("vox_workspace", AGENCY.id);
    await apiRequest("/api/workspace/members", { schema: async () => contract.membersResponse });
    expect(fake.calls.map((call) => call.workspace)).toEqual([null, AGENCY.id]);
  });

  it("keeps the session when a role may not do something, and ends it on another 403", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    fake.refuse = {
      path: "/api/workspace/invitations/x",
      status: 403,
      body: { message: "An editor cannot manage members.", code: "role_forbidden" },
    };
    const refused = apiRequest("/api/workspace/invitations/x", { method: "DELETE", schema: messageResponse });
    await expect(refused).rejects.toThrow("An editor cannot manage members.");
    expect(localStorage.getItem("token")).toBe("test-token");
    fake.refuse = { path: "/api/workspace/invitations/x", status: 403, body: { message: "No", code: "forbidden" } };
    await expect(
      apiRequest("/api/workspace/invitations/x", { method: "DELETE", schema: messageResponse }),
    ).rejects.toThrow();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("forgets the workspace on sign-out", () => {
    serveWorkspaces();
    signIn(KEMI);
    localStorage.setItem("vox_workspace", AGENCY.id);
    signOut();
    expect(localStorage.getItem("vox_workspace")).toBeNull();
  });
});

describe("the header's workspace menu", () => {
  it("shows the workspace acted in and switches, fetching every page's data again in the new one", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    renderSite("/settings");
    const menu = await screen.findByRole("button", { name: `Workspace ${OWN.name}` });
    const domainCalls = () => fake.calls.filter((call) => call.url === "/api/organisation/sending-domain");
    await waitFor(() => expect(domainCalls()).toHaveLength(1));
    await userEvent.click(menu);
    const list = screen.getByRole("list", { name: "Switch workspace" });
    expect(within(list).getByRole("button", { name: new RegExp(OWN.name) })).toHaveAttribute("aria-current", "true");
    await userEvent.click(within(list).getByRole("button", { name: new RegExp(AGENCY.name) }));

    expect(await screen.findByRole("button", { name: `Workspace ${AGENCY.name}` })).toBeInTheDocument();
    expect(localStorage.getItem("vox_workspace")).toBe(AGENCY.id);
    // The settings page's own data (here its sending domain) is fetched again, in the agency.
    await waitFor(() => expect(domainCalls().map((call) => call.workspace)).toEqual([null, AGENCY.id]));
  });

  it("names another workspace the person owns by its id, and none for their own", async () => {
    const fake = serveWorkspaces();
    const given = { id: "u4", name: "Ikeja Radio", role: "owner" as const, seats: { used: 2, limit: 3 } };
    fake.workspaces = [given, OWN, AGENCY];
    signIn(KEMI);
    renderSite("/settings");
    // Listed first, the workspace handed to her is still not the one she acts in without a header.
    await userEvent.click(await screen.findByRole("button", { name: `Workspace ${OWN.name}` }));
    await userEvent.click(
      within(screen.getByRole("list", { name: "Switch workspace" })).getByRole("button", { name: /Ikeja Radio/ }),
    );
    expect(localStorage.getItem("vox_workspace")).toBe(given.id);
    await userEvent.click(await screen.findByRole("button", { name: "Workspace Ikeja Radio" }));
    await userEvent.click(
      within(screen.getByRole("list", { name: "Switch workspace" })).getByRole("button", {
        name: new RegExp(OWN.name),
      }),
    );
    expect(localStorage.getItem("vox_workspace")).toBeNull();
    expect(await screen.findByRole("button", { name: `Workspace ${OWN.name}` })).toBeInTheDocument();
  });

  it("offers the same choice in the phone's menu", async () => {
    serveWorkspaces();
    signIn(KEMI);
    renderSite("/settings");
    await screen.findByRole("button", { name: `Workspace ${OWN.name}` });
    // A phone's header names the workspace too, and opens the menu to switch.
    await userEvent.click(
      await screen.findByRole("button", { name: `Workspace: ${OWN.name}. Open the menu to switch` }),
    );
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    const choices = await within(menu).findByRole("region", { name: "Workspace" });
    expect(within(choices).getByRole("button", { name: new RegExp(OWN.name) })).toHaveAttribute("aria-current", "true");
    await userEvent.click(within(choices).getByRole("button", { name: new RegExp(AGENCY.name) }));
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    expect(localStorage.getItem("vox_workspace")).toBe(AGENCY.id);
    expect(await screen.findByRole("button", { name: `Workspace ${AGENCY.name}` })).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: `Workspace: ${AGENCY.name}. Open the menu to switch` }),
    ).toBeInTheDocument();
  });

  it("shows nothing to switch for a person in one workspace", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [OWN];
    signIn(KEMI);
    renderSite("/settings");
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/api/workspaces")).toBe(true));
    expect(screen.queryByRole("button", { name: /^Workspace/ })).not.toBeInTheDocument();
  });

  it("notices a removal mid-visit: a 404 in the chosen workspace has the list checked again", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    localStorage.setItem("vox_workspace", AGENCY.id);
    renderSite("/settings");
    expect(await screen.findByRole("button", { name: `Workspace ${AGENCY.name}` })).toBeInTheDocument();
    const lists = () => fake.calls.filter((call) => call.url === "/api/workspaces").length;
    const before = lists();
    // Removed by an admin: the next call in the agency is answered 404.
    fake.workspaces = [OWN];
    await expect(
      apiRequest("/api/workspace/members", { schema: async () => contract.membersResponse }),
    ).rejects.toThrow();
    await waitFor(() => expect(localStorage.getItem("vox_workspace")).toBeNull());
    expect(lists()).toBe(before + 1);
    expect(
      await screen.findByText("You are no longer a member of that workspace, so Vox shows your own."),
    ).toBeInTheDocument();
  });

  it("goes back to the person's own workspace once they were removed from the one stored", async () => {
    const fake = serveWorkspaces();
    signIn(KEMI);
    localStorage.setItem("vox_workspace", AGENCY.id);
    fake.workspaces = [OWN];
    renderSite("/settings");
    await waitFor(() => expect(localStorage.getItem("vox_workspace")).toBeNull());
    // The list is asked for without the stale workspace, so it cannot fail the same way.
    expect(fake.calls.filter((call) => call.url === "/api/workspaces").every((call) => call.workspace === null)).toBe(
      true,
    );
  });
});
