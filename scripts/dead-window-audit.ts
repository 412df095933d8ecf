/// <reference lib="dom" />
// The dead window: how long a first visit's page is visible (first contentful paint) before it
// answers input (the app sets data-hydrated on <html>, site/src/early-input.ts), on a slow phone
// and mobile data. Shared by `npm run dead-window` and the field browser tests.
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Lighthouse's mobile preset: a Moto G Power's window on slow 4G. */
export const MOBILE_WINDOW = { width: 412, height: 823 } as const;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;

/** The longest a page may stay visible yet unresponsive at 4× CPU slowdown. */
export const DEAD_WINDOW_BAR_MS = 300;

/** The routes measured: the five Lighthouse audits plus the other tool pages. */
export const DEAD_WINDOW_ROUTES = [
  "/",
  "/solutions",
  "/pricing",
  "/vox-speaks",
  "/voxscribe",
  "/vox-sentiment",
  "/voxrelease",
  "/voxover",
  "/vox-shield",
] as const;

interface PageTiming {
  readonly fcp: number;
  readonly interactive: number;
}

/**
 * Slows the page's CPU by `cpuSlowdown` and its network to slow 4G, as Lighthouse's mobile run does,
 * and notes when the app marks the page as answering input.
 */
export async function throttle(context: BrowserContext, page: Page, cpuSlowdown: number): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return;
      observer.disconnect();
      performance.mark("interactive");
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
}

/** First contentful paint and the moment the page answered input, in ms since navigation. */
async function pageTiming(page: Page): Promise<PageTiming> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
  return page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    return { fcp: at("first-contentful-paint"), interactive: at("interactive") };
  });
}

/** One first visit (empty cache) to `url` under the throttling above. */
async function timeFirstVisit(browser: Browser, url: string, cpuSlowdown: number): Promise<PageTiming> {
  const context = await browser.newContext({ viewport: MOBILE_WINDOW, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await throttle(context, page, cpuSlowdown);
    await page.goto(url, { waitUntil: "commit" });
    return await pageTiming(page);
  } finally {
    await context.close();
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface RouteDeadWindow {
  readonly route: string;
  readonly cpuSlowdown: number;
  /** Medians over the runs, in ms. */
  readonly fcp: number;
  readonly interactive: number;
  readonly deadWindow: number;
  readonly deadWindowRuns: readonly number[];
}

/**
 * `runs` first visits per route and slowdown, keeping medians: one visit on a busy machine says
 * little, as with Lighthouse.
 */
export async function measureDeadWindows(
  browser: Browser,
  baseUrl: string,
  routes: readonly string[],
  { runs, cpuSlowdowns }: { runs: number; cpuSlowdowns: readonly number[] },
): Promise<RouteDeadWindow[]> {
  const results: RouteDeadWindow[] = [];
  for (const cpuSlowdown of cpuSlowdowns) {
    for (const route of routes) {
      const timings: PageTiming[] = [];
      for (let run = 0; run < runs; run++)
        timings.push(await timeFirstVisit(browser, `${baseUrl}${route}`, cpuSlowdown));
      const deadWindowRuns = timings.map(({ fcp, interactive }) => Math.round(interactive - fcp));
      results.push({
        route,
        cpuSlowdown,
        fcp: Math.round(median(timings.map((timing) => timing.fcp))),
        interactive: Math.round(median(timings.map((timing) => timing.interactive))),
        deadWindow: median(deadWindowRuns),
        deadWindowRuns,
      });
    }
  }
  return results;
}
