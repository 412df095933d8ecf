import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "@worker/workspaces/contracts/workspaces.ts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReleaseEditor } from "../../site/src/press-release/release-editor.tsx";
import { KEMI } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";
import { AGENCY, OWN, serveWorkspaces } from "./workspaces-server.ts";

afterEach(() => vi.unstubAllGlobals());

const release = {
  id: "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11",
  file_name: "briefing.wav",
  bytes: 1000,
  language: "en" as const,
  status: "completed" as const,
  text: "# Lagos opens ten boreholes\n\nThe state said [SPOKESPERSON NAME] would speak.",
  headlines: ["Ten boreholes for Lagos"],
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:01:00.000Z",
};

/** The editor in the agency's workspace, where Kemi holds `role`. */
function openRelease(role: Role) {
  const fake = serveWorkspaces((url) =>
    url.includes("/versions")
      ? Response.json({
          items: [{ number: 1, text: "# Earlier", headlines: [], created_at: "2026-11-22T10:00:00.000Z" }],
          next_before: null,
        })
      : undefined,
  );
  fake.workspaces = [{ ...AGENCY, role }];
  signIn(KEMI);
  localStorage.setItem("vox_workspace", AGENCY.id);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <ReleaseEditor release={release} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return fake;
}

describe("roles in the release editor", () => {
  it("lets a viewer read, copy, download and look through versions, and change nothing", async () => {
    openRelease("viewer");
    expect(await screen.findByText("You can read this release; an editor can change it.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit text" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Use this headline/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "[SPOKESPERSON NAME]" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Write again with options" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download DOCX" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Lagos opens ten boreholes" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Versions" }));
    const versions = screen.getByRole("region", { name: "Versions" });
    await within(versions).findByText(/Version 1/);
    expect(within(versions).queryByRole("button", { name: /Restore/ })).not.toBeInTheDocument();
  });

  it("lets an editor edit", async () => {
    openRelease("editor");
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit text" })).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Write again with options" })).toBeInTheDocument();
    // Known once the Worker has answered, and still an editor's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText("You can read this release; an editor can change it.")).not.toBeInTheDocument();
  });
});

describe("deleting one's account", () => {
  async function openDeletion() {
    signIn(KEMI);
    renderSite("/settings#account");
    await userEvent.click(await screen.findByRole("button", { name: "Delete Account" }));
    return screen.findByRole("dialog", { name: "Delete your account?" });
  }

  it("keeps it short for someone alone in their own workspace", async () => {
    serveWorkspaces();
    const dialog = await openDeletion();
    expect(dialog).toHaveTextContent(
      "Your workspace goes with it: its recordings, releases and reports are deleted. Workspaces you were invited to are left, and their work stays with them.",
    );
    expect(within(dialog).queryByRole("list")).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("hand it over");
  });

  it("names every workspace the person owns, which goes for everyone in it, and how to keep one", async () => {
    const fake = serveWorkspaces();
    const given = { id: "u4", name: "Ikeja Radio", role: "owner" as const, seats: { used: 2, limit: 3 } };
    fake.workspaces = [{ ...OWN, seats: { used: 3, limit: 3 } }, AGENCY, given];
    const dialog = await openDeletion();
    const owned = await within(dialog).findByRole("list");
    expect(
      within(owned)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Lagos Newsroom (you and 2 other members)", "Ikeja Radio (you and 1 other member)"]);
    expect(dialog).toHaveTextContent(
      "Deleting your account deletes the workspaces you own, with all their work, for everyone in them:",
    );
    expect(dialog).toHaveTextContent("To keep one, hand it over to another member in Settings › Team first.");
    // Kemi is an editor in the agency: it stays.
    expect(owned).not.toHaveTextContent(AGENCY.name);
  });
});

describe("Settings › Billing in someone else's workspace", () => {
  it("says the plan and billing are the owner's, without asking for them", async () => {
    const fake = serveWorkspaces();
    fake.workspaces = [{ ...AGENCY, role: "editor" }];
    signIn(KEMI);
    localStorage.setItem("vox_workspace", AGENCY.id);
    renderSite("/settings#billing");
    expect(
      await screen.findByText(/^The plan and billing of Eko PR Agency are its owner's: ask them to change the plan/),
    ).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url.startsWith("/api/billing"))).toBe(false);
  });
});
