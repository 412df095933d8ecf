// Lighthouse (mobile preset, the default) on this machine's Chromium, shared by `npm run lighthouse`
// and the browser test that holds the scores.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CLOSED_NETWORK_FLAGS } from "./chromium.ts";
import { MEASURED_ROUTES } from "./initial-js-size.ts";

export const BAR = { performance: 95, accessibility: 95, "best-practices": 95 } as const;

export type Category = keyof typeof BAR;

interface RouteAudit {
  readonly route: string;
  readonly scores: Record<Category, number>;
  /** Every run's performance score, to show how much they varied. */
  readonly performanceRuns: readonly number[];
  readonly FCP: string;
  readonly LCP: string;
  readonly TBT: string;
  readonly CLS: string;
  /** Lighthouse's CPU benchmark of the machine that ran the audit. */
  readonly benchmarkIndex: number;
}

// Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP); such a run says nothing about
// the page, so it is repeated rather than scored.
const ATTEMPTS = 3;

async function auditOnce(url: string, port: number, categories: readonly Category[]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories: scored, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      const problem = `Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`;
      if (attempt >= ATTEMPTS) throw new Error(problem);
      console.warn(`${problem}; trying again`);
      continue;
    }
    const score = (name: Category) => Math.round((scored[name]?.score ?? 0) * 100);
    return {
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
      },
      FCP: audits["first-contentful-paint"]?.displayValue ?? "",
      LCP: audits["largest-contentful-paint"]?.displayValue ?? "",
      TBT: audits["total-blocking-time"]?.displayValue ?? "",
      CLS: audits["cumulative-layout-shift"]?.displayValue ?? "",
      // Lighthouse's measure of this machine's CPU speed: scores on a slower host are lower at the same 4× slowdown.
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
  }
}

/**
 * The routes Lighthouse scores: those the JS budget measures, plus a caption link's public page
 * (one pre-rendered page serves every link; an unknown link shows its "does not work" state).
 */
export const LIGHTHOUSE_ROUTES = [...MEASURED_ROUTES, "/watch/lighthouse-link"] as const;

/**
 * Audits each route `runs` times and keeps the run with the median performance score: Lighthouse's
 * own advice for scores that vary from run to run, as they do on a shared two-core machine. A category
 * left out of `categories` scores 0.
 */
export async function auditRoutes(
  baseUrl: string,
  routes: readonly string[],
  {
    runs,
    chromePath,
    categories = Object.keys(BAR) as Category[],
  }: { runs: number; chromePath: string; categories?: readonly Category[] },
): Promise<RouteAudit[]> {
  // The first request of a fresh server compiles the Worker; keep that out of the scores.
  for (const route of routes) await (await fetch(`${baseUrl}${route}`)).text();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CLOSED_NETWORK_FLAGS] });
  try {
    const audits: RouteAudit[] = [];
    for (const route of routes) {
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await auditOnce(`${baseUrl}${route}`, chrome.port, categories));
      results.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = results[Math.floor(results.length / 2)];
      if (!median) throw new Error("runs must be at least 1");
      audits.push({ route, ...median, performanceRuns: results.map((result) => result.scores.performance) });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

/** "route: category score < bar" for every score of `categories` below the bar. */
export function belowBar(
  audits: readonly RouteAudit[],
  categories: readonly Category[] = Object.keys(BAR) as Category[],
): string[] {
  return audits.flatMap((audit) =>
    categories
      .filter((category) => audit.scores[category] < BAR[category])
      .map((category) => `${audit.route}: ${category} ${audit.scores[category]} < ${BAR[category]}`),
  );
}

/** One line per route for a console table. */
export function tableRows(audits: readonly RouteAudit[]) {
  return audits.map(({ route, scores, performanceRuns, FCP, LCP, TBT, CLS, benchmarkIndex }) => ({
    route,
    ...scores,
    "performance runs": performanceRuns.join(" "),
    FCP,
    LCP,
    TBT,
    CLS,
    "CPU benchmark": benchmarkIndex,
  }));
}
