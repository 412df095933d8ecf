import { expect, inject, it } from "vitest";
import { auditRoutes, belowBar, LIGHTHOUSE_ROUTES, tableRows } from "../../scripts/lighthouse-audit.ts";
import { baseUrl } from "./browser.ts";

// Issue 9's bar: performance, accessibility and best practices at least 95 on each route, mobile
// preset, median of five runs. The e2e project runs after the others and one file at a time, so
// nothing else competes for the CPU while Lighthouse measures.
it("Lighthouse scores every measured route at least 95 for performance, accessibility and best practices", async () => {
  const audits = await auditRoutes(baseUrl(), LIGHTHOUSE_ROUTES, { runs: 5, chromePath: inject("chromiumPath") });
  console.table(tableRows(audits));
  expect(belowBar(audits)).toEqual([]);
}, 600_000);
