// `npm run lighthouse`: Lighthouse (mobile preset, Debian Chromium) against the real `npm start`
// on the routes issue 9 names; prints a table and exits non-zero when a score is below the bar.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProduct } from "./product-server.ts";

const ROUTES = ["/", "/solutions", "/pricing", "/vox-speaks", "/voxscribe"];
const BAR = { performance: 0.95, accessibility: 0.95, "best-practices": 0.95 } as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags this machine's closed network needs (see tests/e2e/browser.ts).
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const server = await startProduct();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
const rows: Record<string, string | number>[] = [];
let failed = false;
try {
  // The first request of a fresh `npm start` compiles the Worker; keep that out of the scores.
  for (const route of ROUTES) await (await fetch(`${server.baseUrl}${route}`)).text();
  for (const route of ROUTES) {
    const result = await lighthouse(`${server.baseUrl}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(BAR),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { categories, audits, runtimeError } = result.lhr;
    const row: Record<string, string | number> = { route };
    if (runtimeError) row.error = runtimeError.code;
    for (const [name, bar] of Object.entries(BAR)) {
      const score = Math.round((categories[name]?.score ?? 0) * 100);
      row[name] = score;
      if (score < bar * 100) failed = true;
    }
    row.FCP = audits["first-contentful-paint"]?.displayValue ?? "";
    row.LCP = audits["largest-contentful-paint"]?.displayValue ?? "";
    row.TBT = audits["total-blocking-time"]?.displayValue ?? "";
    rows.push(row);
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.table(rows);
if (failed) {
  console.error(
    `below the bar (${Object.entries(BAR)
      .map(([name, bar]) => `${name} ≥ ${bar * 100}`)
      .join(", ")})`,
  );
  process.exit(1);
}
