import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { solutionTarget } from "../../site/src/app/solution-target.ts";
import { renderSite, signIn } from "./render.tsx";

describe("Home Get Started (the reversed signed-in check, kept on purpose)", () => {
  it("logged out: shows the spinner, then goes to /solutions after 1.5 s", async () => {
    renderSite("/");
    const hero = await screen.findByRole("heading", { level: 1, name: "Give every message a voice." });
    expect(hero).toBeVisible();
    const started = Date.now();
    await userEvent.click(screen.getAllByRole("button", { name: "Get Started" })[0] as HTMLElement);
    expect(screen.getAllByRole("status").length).toBeGreaterThan(0);
    await screen.findByRole("heading", { level: 1, name: "Everything your voice work needs" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it("signed in: opens the login modal instead, as the spec describes", async () => {
    signIn({ name: "Ngozi", subscription_status: 1 });
    renderSite("/");
    await screen.findByRole("heading", { level: 1, name: "Give every message a voice." });
    await userEvent.click(screen.getAllByRole("button", { name: "Get Started" })[0] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Login" })).toBeVisible();
  });
});

describe("solution cards", () => {
  it("logged out: a card shows the spinner, then opens its tool", async () => {
    renderSite("/solutions");
    await userEvent.click(await screen.findByRole("button", { name: "Open VoxScribe" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Every word on the record, live" })).toBeVisible();
  });

  it("unsubscribed users are sent to /pricing, everyone else to the tool", () => {
    expect(solutionTarget(0, "/voxscribe")).toBe("/pricing");
    expect(solutionTarget(1, "/voxscribe")).toBe("/voxscribe");
    expect(solutionTarget(undefined, "/voxscribe")).toBe("/voxscribe");
  });
});

describe("signed in and asked to log in (the spec's reversed check)", () => {
  it("a solution card's Login says who is signed in and leads on to the tool, asking for no password", async () => {
    signIn({ name: "Ngozi Eze", email: "ngozi@example.ng", subscription_status: 1 });
    renderSite("/solutions");
    await userEvent.click(await screen.findByRole("button", { name: "Open VoxRelease" }));
    const login = await screen.findByRole("dialog", { name: "Login" });
    expect(login).toHaveTextContent("Logged in as Ngozi Eze (ngozi@example.ng).");
    expect(within(login).queryByLabelText("Password")).toBeNull();
    const next = within(login).getByRole("button", { name: "Continue to VoxRelease" });
    expect(next).toHaveFocus();
    await userEvent.click(next);
    expect(
      await screen.findByRole("heading", { level: 1, name: "From recording to press release in minutes" }),
    ).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Login" })).toBeNull();
  });

  it("without a plan, it leads on to /pricing, as the card would", async () => {
    signIn({ name: "Ngozi Eze", email: "ngozi@example.ng", subscription_status: 0 });
    renderSite("/solutions");
    await userEvent.click(await screen.findByRole("button", { name: "Open VoxScribe" }));
    const login = await screen.findByRole("dialog", { name: "Login" });
    await userEvent.click(within(login).getByRole("button", { name: "Continue to VoxScribe" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Simple plans in naira" })).toBeVisible();
  });

  it("Get Started on the home page leads on to Our Solutions", async () => {
    signIn({ name: "Ngozi Eze", email: "ngozi@example.ng", subscription_status: 1 });
    renderSite("/");
    await screen.findByRole("heading", { level: 1, name: "Give every message a voice." });
    await userEvent.click(screen.getAllByRole("button", { name: "Get Started" })[0] as HTMLElement);
    const login = await screen.findByRole("dialog", { name: "Login" });
    await userEvent.click(within(login).getByRole("button", { name: "Continue to Our Solutions" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Everything your voice work needs" })).toBeVisible();
  });
});

describe("errors", () => {
  it("an unknown route says the page was not found, not that something crashed, and leads home", async () => {
    renderSite("/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeVisible();
    expect(screen.getByText(/There is no page at this address/)).toBeVisible();
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  });

  it("tool pages have a Request free consultation button that opens the consultation modal", async () => {
    renderSite("/vox-speaks");
    await userEvent.click(await screen.findByRole("button", { name: "Request free consultation" }));
    expect(await screen.findByRole("dialog", { name: "Request Consultation" })).toBeVisible();
  });
});
