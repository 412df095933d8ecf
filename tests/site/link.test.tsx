import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Link, NavigateProvider, NavLink } from "../../site/src/ui/link.tsx";
import { renderSite } from "./render.tsx";

function Navigating({ children }: { children: ReactNode }) {
  return <NavigateProvider value={useNavigate()}>{children}</NavigateProvider>;
}

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="where">{`${useNavigationType()} ${pathname}`}</output>;
}

function renderLinks(path: string, links: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigating>
        {links}
        <Where />
      </Navigating>
    </MemoryRouter>,
  );
}

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

  it("push a new page, and replace the entry when the page is the one already open", async () => {
    renderLinks(
      "/a",
      <>
        <Link to="/a">A</Link>
        <Link to="/b">B</Link>
      </>,
    );
    await userEvent.click(screen.getByRole("link", { name: "A" }));
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("REPLACE /a");
    await userEvent.click(screen.getByRole("link", { name: "B" }));
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("PUSH /b");
  });

  it("leave a press for a new tab, a new window or a download to the browser", () => {
    renderLinks(
      "/a",
      <>
        <Link to="/b">B</Link>
        <Link to="/c" target="_blank">
          C
        </Link>
        <Link to="/d" download>
          D
        </Link>
      </>,
    );
    const b = screen.getByRole("link", { name: "B" });
    // fireEvent answers false when the event's default (the browser following the link) was prevented.
    expect(fireEvent.click(b, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(b, { metaKey: true })).toBe(true);
    expect(fireEvent.click(b, { shiftKey: true })).toBe(true);
    expect(fireEvent.click(b, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "C" }))).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "D" }))).toBe(true);
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("POP /a");
    expect(fireEvent.click(b)).toBe(false);
    expect(screen.getByRole("status", { name: "where" })).toHaveTextContent("PUSH /b");
  });

  it("mark a section's link on the pages below it, unless it is an end link", () => {
    renderLinks(
      "/docs/start",
      <>
        <NavLink to="/docs" className="nav-link">
          Docs
        </NavLink>
        <NavLink to="/docs" end>
          Docs home
        </NavLink>
        <NavLink to="/doc">Doc</NavLink>
      </>,
    );
    expect(screen.getByRole("link", { name: "Docs" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Docs" })).toHaveAttribute("class", "nav-link active");
    expect(screen.getByRole("link", { name: "Docs home" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Doc" })).not.toHaveAttribute("aria-current");
  });

  it("load the page when no app navigates for them (the crash page)", () => {
    render(
      <MemoryRouter initialEntries={["/a"]}>
        <Link to="/">Home</Link>
      </MemoryRouter>,
    );
    expect(fireEvent.click(screen.getByRole("link", { name: "Home" }))).toBe(true);
  });
});
