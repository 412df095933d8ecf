// `npm run dead-window`: per route, first contentful paint, the moment the page answers input and
// the dead window between them, at 4× and 6× CPU slowdown on slow 4G (Lighthouse's mobile
// network), median of DEAD_WINDOW_RUNS first visits (default 3), against the real `npm start`.
// Exits non-zero when a route's dead window at 4× is over the bar.
import { chromium } from "playwright-core";
import { CLOSED_NETWORK_FLAGS, ensureBrowser } from "./chromium.ts";
import { DEAD_WINDOW_BAR_MS, DEAD_WINDOW_ROUTES, measureDeadWindows } from "./dead-window-audit.ts";
import { startProduct } from "./product-server.ts";

const server = await startProduct();
const browser = await chromium.launch({ executablePath: ensureBrowser(), args: [...CLOSED_NETWORK_FLAGS] });
try {
  // The first request of a fresh server compiles the Worker; keep that out of the figures.
  for (const route of DEAD_WINDOW_ROUTES) await (await fetch(`${server.baseUrl}${route}`)).text();
  const results = await measureDeadWindows(browser, server.baseUrl, DEAD_WINDOW_ROUTES, {
    runs: Number(process.env.DEAD_WINDOW_RUNS ?? 3),
    cpuSlowdowns: [4, 6],
  });
  console.table(
    results.map(({ route, cpuSlowdown, fcp, interactive, deadWindow, deadWindowRuns }) => ({
      route,
      CPU: `${cpuSlowdown}×`,
      "FCP (ms)": fcp,
      "interactive (ms)": interactive,
      "dead window (ms)": deadWindow,
      runs: deadWindowRuns.join(" "),
    })),
  );
  const over = results.filter((result) => result.cpuSlowdown === 4 && result.deadWindow > DEAD_WINDOW_BAR_MS);
  if (over.length > 0) {
    console.error(`dead window over ${DEAD_WINDOW_BAR_MS} ms at 4×: ${over.map((result) => result.route).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
