import { mkdirSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CLOSED_NETWORK_FLAGS } from "../../scripts/chromium.ts";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = "tests/e2e/screenshots";

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: [
      ...CLOSED_NETWORK_FLAGS,
      // Players start as audio streams in, after an await; tests need not fake a fresh gesture.
      "--autoplay-policy=no-user-gesture-required",
      ...extraArgs,
    ],
  });
}

export interface TrackedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** A page in its own context (no shared storage between tests) that records every console error. */
export async function openPage(browser: Browser, viewport: ViewportName = "desktop"): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  // A CSP violation is only reported, not thrown: make it a console error the tests see.
  await context.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const page = await context.newPage();
  waitForHydration(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/**
 * Pages arrive rendered and hydrate a moment later (site/src/main.tsx); the app holds presses made
 * in between, but not typing. Like a person who waits for the page to respond, every `goto` and
 * `reload` of a site page waits until it has hydrated.
 */
function waitForHydration(page: Page): void {
  const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!new URL(url, baseUrl()).pathname.startsWith("/__sandbox")) await hydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}
