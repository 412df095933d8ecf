import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadPage } from "../../site/src/app/app-routes.tsx";
import { KEMI } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";
import { AGENCY, serveWorkspaces } from "./workspaces-server.ts";

const TOKEN = "inv_3f9c0a7b1d2e4f5a6b7c8d9e";

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The Worker's accept route answering as given, and sign-in for Kemi. */
function serve(accept: () => Response) {
  return serveWorkspaces((url) => {
    if (url === "/auth/signin") return Response.json({ message: "Logged in.", token: "t1", data: KEMI });
    if (url === "/api/workspace/invitations/accept") return accept();
    return undefined;
  });
}

describe("/join, an invitation's link", () => {
  it("keeps the token while a signed-out person signs up or logs in, and brings them back to accept", async () => {
    serve(() => Response.json({ workspace: AGENCY }));
    await preloadPage("/solutions");
    renderSite(`/join?token=${TOKEN}`);

    const signup = await screen.findByRole("dialog", { name: "Create Account" });
    expect(sessionStorage.getItem("vox_join_token")).toBe(TOKEN);
    // Already has an account: logs in instead, and lands back on the invitation.
    await userEvent.click(within(signup).getByRole("button", { name: "Login" }));
    const login = await screen.findByRole("dialog", { name: "Login" });
    await userEvent.type(within(login).getByLabelText("Email"), KEMI.email);
    await userEvent.type(within(login).getByLabelText("Password"), "a-good-password");
    await userEvent.click(within(login).getByRole("button", { name: "Login" }));
    await waitFor(() => expect(login).not.toBeInTheDocument());
    // Login would go on to /solutions (a navigation that took up to a second here); with an
    // invitation waiting it comes back here, and stays.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await screen.findByRole("heading", { level: 1, name: "Join a workspace" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept the invitation" })).toBeInTheDocument();
  });

  it("accepts for a signed-in person, acts in the workspace joined and says so", async () => {
    const fake = serve(() => Response.json({ workspace: AGENCY }));
    signIn(KEMI);
    renderSite(`/join?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Accept the invitation" }));

    expect(await screen.findByText(`You joined ${AGENCY.name}.`)).toBeInTheDocument();
    expect(localStorage.getItem("vox_workspace")).toBe(AGENCY.id);
    expect(sessionStorage.getItem("vox_join_token")).toBeNull();
    const accept = fake.calls.find((call) => call.url === "/api/workspace/invitations/accept");
    expect(accept).toMatchObject({ method: "POST", body: { token: TOKEN }, workspace: null });
    expect(await screen.findByRole("button", { name: `Workspace ${AGENCY.name}` })).toBeInTheDocument();
  });

  it("says an invitation for another address is for another address, and keeps the session", async () => {
    serve(() =>
      Response.json(
        { message: "This invitation is for another e-mail address.", code: "invitation_for_another" },
        { status: 403 },
      ),
    );
    signIn(KEMI);
    renderSite(`/join?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Accept the invitation" }));
    expect(
      await screen.findByText(
        "This invitation was sent to another e-mail address. Sign out and sign in with that address.",
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe("test-token");
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
  });

  it("says plainly when the invitation has expired or was used", async () => {
    serve(() =>
      Response.json({ message: "This invitation has expired.", code: "invitation_expired" }, { status: 410 }),
    );
    signIn(KEMI);
    renderSite(`/join?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Accept the invitation" }));
    expect(
      await screen.findByText(/This invitation has expired, was already used, or was withdrawn/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Accept the invitation" })).not.toBeInTheDocument(),
    );
  });
});
