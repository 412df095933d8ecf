import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderSite } from "./render.tsx";

describe("site links", () => {
  it("open the page in the app, and mark the header's link for it", async () => {
    renderSite("/about");
    const nav = screen.getByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: "Pricing" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Simple plans in naira" })).toBeVisible();
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveClass("nav-link", "active");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });
});
