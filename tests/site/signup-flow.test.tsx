import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

const person = {
  id: "u9",
  name: "Tobi Bello",
  email: "tobi@example.ng",
  phone_number: "+2348031234567",
  organization_name: "",
  subscription_status: 0,
  plan: null,
  trial_ends_at: "2026-11-29T00:00:00.000Z",
  subscription_expires_at: null,
  email_verified: false,
};

/** The Worker as sign-up meets it; the first registration is refused for its name when `refuseFirst`. */
function serve({ refuseFirst = false } = {}) {
  let registrations = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === "/auth/register") {
      registrations++;
      if (refuseFirst && registrations === 1) {
        return Response.json(
          { message: "name: Name is required", code: "validation_failed", errors: { name: ["Name is required"] } },
          { status: 400 },
        );
      }
      return Response.json({ message: "Signed up", data: person }, { status: 201 });
    }
    if (url === "/auth/signin") return Response.json({ message: "Logged in successfully.", token: "t1", data: person });
    if (url === "/auth/me") return Response.json({ data: person });
    return Response.json({ message: "Not found", code: "not_found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function fillSignup(name: string) {
  renderSite("/about");
  await userEvent.click(screen.getByRole("button", { name: "Login" }));
  await userEvent.click(
    within(await screen.findByRole("dialog", { name: "Login" })).getByRole("button", { name: "Create Account" }),
  );
  const signup = await screen.findByRole("dialog", { name: "Create Account" });
  if (name) await userEvent.type(within(signup).getByLabelText("Full name"), name);
  await userEvent.type(within(signup).getByLabelText("Email"), person.email);
  await userEvent.type(within(signup).getByLabelText("Phone number"), "8031234567");
  await userEvent.type(within(signup).getByLabelText("Password"), "correct horse battery");
  return signup;
}

describe("Create Account", () => {
  it("logs the person in and opens the e-mailed code step at once, with no Login to fill in again", async () => {
    const fetchMock = serve();
    const signup = await fillSignup(person.name);
    await userEvent.click(within(signup).getByRole("button", { name: "Create Account" }));
    const verify = await screen.findByRole("dialog", { name: "Verify your e-mail" });
    expect(verify).toHaveTextContent(`Enter the 6-digit code we sent to ${person.email}`);
    expect(screen.queryByRole("dialog", { name: "Login" })).toBeNull();
    expect(localStorage.getItem("token")).toBe("t1");
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/auth/signin");
  });

  it("a refused first attempt's error toast gives way to the success", async () => {
    serve({ refuseFirst: true });
    const signup = await fillSignup("");
    await userEvent.click(within(signup).getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("name: Name is required")).toBeVisible();
    await userEvent.type(within(signup).getByLabelText("Full name"), person.name);
    await userEvent.click(within(signup).getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Signed Up Successfully")).toBeVisible();
    await screen.findByRole("dialog", { name: "Verify your e-mail" });
    expect(screen.queryByText("name: Name is required")).toBeNull();
  });
});
