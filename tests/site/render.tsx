import { type RenderResult, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { AppRoutes } from "../../site/src/app/app-routes.tsx";

/** Renders the whole site (layout, lazy pages, modals) at `path`, as a browser would. */
export function renderSite(path = "/"): RenderResult {
  return render(
    // A fresh SWR cache per render, as a fresh page load has.
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </SWRConfig>,
  );
}

export function signIn(user: { name: string; email?: string; subscription_status?: number }): void {
  localStorage.setItem("token", "test-token");
  localStorage.setItem("userObj", JSON.stringify(user));
}
