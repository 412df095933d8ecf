// `npm run lighthouse`: Lighthouse (mobile preset, Debian Chromium) against the real `npm start` on
// the measured routes, median of LIGHTHOUSE_RUNS runs each (default 3); prints a table and exits
// non-zero when a score is below the bar. A newsroom and one of its releases are scored too, made
// for the run. Its performance figure needs a quiet machine.
import { ensureBrowser } from "./chromium.ts";
import { auditRoutes, BAR, belowBar, LIGHTHOUSE_ROUTES, tableRows } from "./lighthouse-audit.ts";
import { startProduct } from "./product-server.ts";
import { seedNewsroom } from "./seed-newsroom.ts";

const server = await startProduct();
try {
  const routes = [...LIGHTHOUSE_ROUTES, ...(await seedNewsroom(server.baseUrl)).pages];
  const audits = await auditRoutes(server.baseUrl, routes, {
    runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3),
    chromePath: ensureBrowser(),
  });
  console.table(tableRows(audits));
  const failures = belowBar(audits);
  if (failures.length > 0) {
    console.error(`below the bar (${JSON.stringify(BAR)}):\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
