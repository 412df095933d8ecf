import { mkdirSync } from "node:fs";
import { basename } from "node:path";
import type { BrowserContext } from "playwright-core";
import { test } from "vitest";
import {
  baseUrl,
  launchBrowser,
  type Microphone,
  type NewContext,
  openPage,
  type PageOptions,
  SCREENSHOT_DIR,
  type TrackedPage,
  type ViewportName,
} from "./browser.ts";

export type OpenPage = (viewport?: ViewportName, options?: PageOptions) => Promise<TrackedPage>;

/** Leaves what every page of a failed test showed last, for whoever reads the failure. */
async function screenshotFailure(contexts: readonly BrowserContext[], file: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const stem = `failed-${basename(file, ".test.ts")}-${name}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 120);
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, index) =>
      // A page that broke the test may not answer at all; the failure itself matters more.
      page
        .screenshot({ path: `${SCREENSHOT_DIR}/${stem}${index ? `-${index + 1}` : ""}.png`, timeout: 5000 })
        .catch(() => undefined),
    ),
  );
}

/**
 * Browser tests take what they need from here and never close anything: one Chromium per test
 * file, shared by its tests, and fresh contexts per test so no storage is shared between tests,
 * each closed when the test ends however it ends.
 *
 * - `microphone` (per file, `it.override("microphone", …)` at the top): what the browser hears.
 * - `page` and `errors`: a tracked page (see `openPage` in browser.ts) at `viewport` with
 *   `pageOptions`, which a describe block can override.
 * - `openPage(viewport, options)`: further tracked pages, for tests with several people or sizes.
 * - `newContext(options)`: a bare context, for pages that must not wait for hydration or need
 *   other device settings.
 */
export const it = test
  .extend("microphone", { scope: "file" }, "none" as Microphone)
  .extend("browser", { scope: "file" }, async ({ microphone }, { onCleanup }) => {
    const browser = await launchBrowser(microphone);
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("newContext", async ({ browser, task }, { onCleanup }): Promise<NewContext> => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      if (task.result?.state === "fail") await screenshotFailure(contexts, task.file.name, task.name);
      await Promise.all(contexts.map((context) => context.close()));
    });
    return async (options = {}) => {
      const context = await browser.newContext({ baseURL: baseUrl(), ...options });
      // A wait sized for a quiet machine fails a correct build on a busy one; only a failing wait
      // takes this long.
      context.setDefaultTimeout(60_000);
      contexts.push(context);
      return context;
    };
  })
  .extend(
    "openPage",
    ({ newContext }): OpenPage =>
      (viewport, options) =>
        openPage(newContext, viewport, options),
  )
  .extend("viewport", "desktop" as ViewportName)
  .extend("pageOptions", {} as PageOptions)
  .extend("trackedPage", ({ openPage, viewport, pageOptions }) => openPage(viewport, pageOptions))
  .extend("page", ({ trackedPage }) => trackedPage.page)
  .extend("errors", ({ trackedPage }) => trackedPage.errors);
