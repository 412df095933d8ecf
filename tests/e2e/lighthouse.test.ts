import { expect, inject, it } from "vitest";
import { auditRoutes, belowBar, LIGHTHOUSE_ROUTES, tableRows } from "../../scripts/lighthouse-audit.ts";
import { baseUrl } from "./browser.ts";

// Accessibility and best practices do not depend on how busy the machine is, so `npm test` holds
// them to the bar. The performance score does: on this shared two-core machine the same build has
// measured a median of 100 on a quiet day and 83–94 on a busy one, with half the main thread's task
// time in no traced work, so a CI run would pass or fail on the host, not the code. It is printed
// here and held to 95 by `npm run lighthouse`, run on a quiet machine; what keeps it there without
// depending on timing is held by the budget and first-load tests. Accessibility and best practices
// come out the same on every run, so one run a route is enough here; the performance median of
// several runs is `npm run lighthouse`'s to take.
it("Lighthouse scores every measured route at least 95 for accessibility and best practices, and prints performance", async () => {
  const audits = await auditRoutes(baseUrl(), LIGHTHOUSE_ROUTES, { runs: 1, chromePath: inject("chromiumPath") });
  console.table(tableRows(audits));
  expect(belowBar(audits, ["accessibility", "best-practices"])).toEqual([]);
}, 600_000);
