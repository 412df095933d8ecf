import "./zod-setup.ts";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/app.tsx";
import { preloadPage } from "./app/app-routes.tsx";

function pageRoot(): HTMLElement {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  return root;
}

const app = (
  <BrowserRouter>
    <App />
  </BrowserRouter>
);
/**
 * Built pages arrive with their HTML already rendered (scripts/build-site.ts); `npm run dev` serves
 * the empty shell. The page's code is loaded first, so no part of the page waits for its code while
 * React hydrates (site/src/app/app-routes.tsx says what that cost), and the input held until then
 * reaches a live page. A page whose code did not all arrive is left as it was built, rather than
 * hydrated into the crash page, and the promise says so to site/src/main.tsx.
 */
export async function start(): Promise<void> {
  const root = pageRoot();
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
    return;
  }
  await preloadPage(window.location.pathname);
  hydrateRoot(root, app);
}
