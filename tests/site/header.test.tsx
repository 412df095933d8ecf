import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderSite, signIn } from "./render.tsx";

describe("desktop header", () => {
  it("shows Login when logged out, and Login opens the login modal", async () => {
    renderSite("/about");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    const dialog = await screen.findByRole("dialog", { name: "Login" });
    expect(dialog).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the first letter of the name when logged in; Logout clears the session and goes home", async () => {
    signIn({ name: "adaobi", email: "ada@example.ng", subscription_status: 1 });
    renderSite("/about");
    const account = screen.getByRole("button", { name: "Account menu for adaobi" });
    expect(account).toHaveTextContent(/^A$/);
    await userEvent.click(account);
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await userEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("userObj")).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Give every message a voice." })).toBeVisible();
    expect(screen.getByRole("button", { name: "Login" })).toBeVisible();
  });

  it("Our Solutions links to /solutions and discloses the six tools", async () => {
    renderSite("/about");
    expect(screen.getByRole("link", { name: "Our Solutions" })).toHaveAttribute("href", "/solutions");
    const toggle = screen.getByRole("button", { name: "Show solutions" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    const links = within(list as HTMLElement).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/vox-speaks",
      "/vox-sentiment",
      "/voxscribe",
      "/voxrelease",
      "/voxover",
      "/vox-shield",
    ]);
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("sends an unsubscribed user's dropdown choice to /pricing", async () => {
    signIn({ name: "Tunde", subscription_status: 0 });
    renderSite("/about");
    const toggle = screen.getByRole("button", { name: "Show solutions" });
    await userEvent.click(toggle);
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    const speaks = within(list).getByRole("link", { name: /Vox Speaks/ });
    expect(speaks).toHaveAttribute("href", "/pricing");
  });

  it("sends an unsubscribed user's choice of a tool in the phone's menu to /pricing, as the dropdown does", async () => {
    signIn({ name: "Tunde", subscription_status: 0 });
    renderSite("/about");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: /Vox Speaks/ })).toHaveAttribute("href", "/pricing");
  });

  it("Contact Us opens the contact modal", async () => {
    renderSite("/about");
    await userEvent.click(screen.getAllByRole("button", { name: "Contact Us" })[0] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Contact Us" })).toBeVisible();
  });
});

describe("mobile bottom button", () => {
  it("says Get Started when logged out", () => {
    renderSite("/about");
    expect(screen.getAllByRole("button", { name: "Get Started" }).length).toBeGreaterThan(0);
  });

  it("greets a signed-in user with the first five characters of the name", () => {
    signIn({ name: "Chukwuemeka Obi" });
    renderSite("/about");
    expect(screen.getByRole("link", { name: "Hi Chukw" })).toHaveAttribute("href", "/settings");
  });

  it("counts a letter with its tone mark as one character, in the greeting and the avatar", () => {
    // Ọ̀ has no precomposed form: a dotted O and a combining grave, two UTF-16 units.
    signIn({ name: "\u1ECC\u0300l\u00E0j\u00EDd\u00E9 Bello" });
    renderSite("/about");
    expect(screen.getByRole("link", { name: "Hi \u1ECC\u0300l\u00E0j\u00ED" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Account menu for / })).toHaveTextContent(/^\u1ECC\u0300$/);
  });
});
