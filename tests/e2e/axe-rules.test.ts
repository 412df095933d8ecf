import { AxeBuilder } from "@axe-core/playwright";
import { describe, expect } from "vitest";
import { seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";

/**
 * `seriousAxeViolations` skips the rules that cannot report serious or critical violations; on a
 * page that breaks rules of every impact it must still report exactly what a full axe run reports
 * as serious or critical.
 */
const BROKEN_PAGE = `<!doctype html><html lang="en"><head><title>Broken</title></head><body>
  <h1>Report</h1>
  <h2></h2>
  <h4>Skipped two heading levels</h4>
  <p style="color: #bbb; background: #fff">Text too faint to read</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
  <button></button>
  <div role="banner"><header>Banner in a banner</header></div>
  <ul><div>Not a list item</div></ul>
</body></html>`;

describe("the axe check", () => {
  it("reports what a full axe run reports as serious or critical, no more and no less", async ({ page }) => {
    await page.setContent(BROKEN_PAGE);
    const full = await new AxeBuilder({ page }).analyze();
    const impacts = new Set(full.violations.map((violation) => violation.impact));
    // The page breaks rules of every impact, or the comparison proves little.
    expect([...impacts].sort()).toEqual(["critical", "minor", "moderate", "serious"]);
    const expected = full.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id);
    const found = (await seriousAxeViolations(page)).map((line) => line.split(":")[0]);
    expect(found).toEqual(expected);
  });
});
