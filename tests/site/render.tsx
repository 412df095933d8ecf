import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { AppRoutes } from "../../site/src/app/app-routes.tsx";

/** Renders the whole site (layout, lazy pages, modals) at `path`, as a browser would. */
export function renderSite(path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

export function signIn(user: { name: string; email?: string; subscription_status?: number }): void {
  localStorage.setItem("token", "test-token");
  localStorage.setItem("userObj", JSON.stringify(user));
}
