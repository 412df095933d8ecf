import { expect, inject, it } from "vitest";
import { auditRoutes, belowBar, type Category, LIGHTHOUSE_ROUTES } from "../../scripts/lighthouse-audit.ts";
import { baseUrl } from "./browser.ts";

// Accessibility and best practices do not depend on how busy the machine is, so `npm test` holds
// them to the bar, one run a route: they come out the same on every run. The performance score does
// depend on the host (on this shared two-core machine the same build has measured a median of 100 on a
// quiet day and 83–94 on a busy one), so it is left to `npm run lighthouse` on a quiet machine, which
// holds it to 95; what keeps it there without depending on timing is held by the budget and
// first-load tests.
const HELD: readonly Category[] = ["accessibility", "best-practices"];

it("Lighthouse scores every measured route at least 95 for accessibility and best practices", async () => {
  const audits = await auditRoutes(baseUrl(), LIGHTHOUSE_ROUTES, {
    runs: 1,
    chromePath: inject("chromiumPath"),
    categories: HELD,
  });
  expect(belowBar(audits, HELD)).toEqual([]);
}, 600_000);
