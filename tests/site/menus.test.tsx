import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite, signIn } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the header's menus and the keyboard", () => {
  it("Escape from inside the account menu closes it and gives focus back to its button", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "Not found", code: "not_found" }, { status: 404 }));
    signIn({ name: "Kemi Adeleke", email: "kemi@example.ng", subscription_status: 1 });
    renderSite("/about");
    const toggle = await screen.findByRole("button", { name: "Account menu for Kemi Adeleke" });
    await userEvent.click(toggle);
    const settings = within(toggle.parentElement as HTMLElement).getByRole("link", { name: "Settings" });
    settings.focus();
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});

describe("the phone's menu and the keyboard", () => {
  it("Escape closes the menu and gives focus back to Open menu", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "Not found", code: "not_found" }, { status: 404 }));
    renderSite("/about");
    const opener = await screen.findByRole("button", { name: "Open menu" });
    await userEvent.click(opener);
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    await userEvent.tab();
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
