import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEMI as user } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The Worker as the site sees it: `/auth/me`, and `PATCH /api/profile` answering `answer(body)`. */
function serve(answer: (body: Record<string, string>) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/auth/me") return Response.json({ data: user });
    if (url === "/api/profile" && init?.method === "PATCH") return answer(JSON.parse(String(init.body)));
    return Response.json({ message: "Not found", code: "not_found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function openEditor() {
  signIn(user);
  renderSite("/settings");
  const panel = await screen.findByRole("tabpanel");
  await userEvent.click(within(panel).getByRole("button", { name: "Edit profile" }));
  return screen.findByRole("form", { name: "Edit profile" });
}

describe("Settings › Profile", () => {
  it("corrects the name, phone and company, shows them, and gives focus back to Edit profile", async () => {
    const fetchMock = serve((body) =>
      Response.json({ message: "Profile updated", data: { ...user, ...body, phone_number: "+2348037654321" } }),
    );
    const form = await openEditor();
    const name = within(form).getByLabelText("Full name");
    expect(name).toHaveFocus();
    expect(within(form).getByLabelText("Phone number")).toHaveValue("8031234567");
    await userEvent.clear(name);
    await userEvent.type(name, "Kemi Adeleke-Obi");
    const phone = within(form).getByLabelText("Phone number");
    await userEvent.clear(phone);
    await userEvent.type(phone, "08037654321");
    await userEvent.click(within(form).getByRole("button", { name: "Save profile" }));

    const edit = await screen.findByRole("button", { name: "Edit profile" });
    expect(edit).toHaveFocus();
    expect(screen.getByText("Kemi Adeleke-Obi")).toBeVisible();
    expect(screen.getByText("+2348037654321")).toBeVisible();
    expect(await screen.findByText("Profile updated")).toBeVisible();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/profile") ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Kemi Adeleke-Obi",
      phone_number: "+2348037654321",
      organization_name: "Lagos Newsroom",
    });
  });

  it("shows the Worker's reason beside the field it refuses, and keeps what was typed", async () => {
    serve(() =>
      Response.json(
        {
          message: "Enter a valid Nigerian phone number.",
          code: "validation_failed",
          errors: { phone_number: ["Enter a valid Nigerian phone number"] },
        },
        { status: 400 },
      ),
    );
    const form = await openEditor();
    const phone = within(form).getByLabelText("Phone number");
    await userEvent.clear(phone);
    await userEvent.type(phone, "12345");
    await userEvent.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await within(form).findByText("Enter a valid Nigerian phone number")).toBeVisible();
    expect(phone).toHaveValue("12345");
    expect(phone).toHaveAttribute("aria-invalid", "true");
  });

  it("Cancel leaves the profile as it was", async () => {
    const fetchMock = serve(() => Response.json({}));
    const form = await openEditor();
    await userEvent.type(within(form).getByLabelText("Full name"), " typed");
    await userEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Kemi Adeleke")).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/profile")).toBe(false);
  });
});
