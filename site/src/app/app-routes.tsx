import type { ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { lazyNamed, preloadParts } from "../ui/lazy-named.ts";
import { NotFoundPage } from "./error-page.tsx";
import { Layout } from "./layout.tsx";

function page(load: () => Promise<{ Component: ComponentType }>) {
  return lazyNamed(load, "Component");
}

/** Every page is its own chunk: a visitor downloads the code of the page they open, no more. */
const PAGES: Record<string, ReturnType<typeof page>> = {
  [PATHS.home]: page(() => import("../pages/home.tsx")),
  [PATHS.about]: page(() => import("../pages/about.tsx")),
  [PATHS.solutions]: page(() => import("../pages/solutions.tsx")),
  [PATHS.pricing]: page(() => import("../billing/pricing.tsx")),
  [PATHS.settings]: page(() => import("../account/settings.tsx")),
  [PATHS.watchDemo]: page(() => import("../pages/watch-demo.tsx")),
  [PATHS.voxSpeaks]: page(() => import("../speech/vox-speaks.tsx")),
  [PATHS.voxSentiment]: page(() => import("../sentiment/vox-sentiment.tsx")),
  [PATHS.voxScribe]: page(() => import("../live/voxscribe.tsx")),
  [PATHS.voxRelease]: page(() => import("../press-release/voxrelease.tsx")),
  [PATHS.voxOver]: page(() => import("../speech/voxover.tsx")),
  [PATHS.voxShield]: page(() => import("../shield/vox-shield.tsx")),
  [PATHS.developers]: page(() => import("../developers/developers.tsx")),
  [PATHS.privacy]: page(() => import("../pages/privacy.tsx")),
  [PATHS.terms]: page(() => import("../pages/terms.tsx")),
  [PATHS.join]: page(() => import("../workspaces/join.tsx")),
  // Pre-rendered once as /watch; every `/watch/<token>` hydrates that page.
  [`${PATHS.watch}/:token?`]: page(() => import("../live/watch.tsx")),
};

/**
 * Loads the code of the page at `pathname` and of every part it shows, before hydrating it: React
 * would otherwise leave the page's part of the HTML waiting for its code, and the shell's first
 * render after hydrating (who is signed in) would make it throw that HTML away for a spinner.
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = Object.entries(PAGES).find(([path]) => matchPath(path, pathname))?.[1];
  return page ? preloadParts(page.preload) : Promise.resolve();
}

/*
 * Declarative routes rather than createBrowserRouter: the data router alone would cost ~17 KB gzip
 * of the home page's 100 KB budget, and the site uses none of its loaders or actions.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {Object.entries(PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
