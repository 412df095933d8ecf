import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";

/**
 * `seriousAxeViolations` skips the rules that cannot report serious or critical violations, and
 * checks a page without frames in axe's cheaper legacy mode; on a page that breaks rules of every
 * impact it must still report exactly what a full axe run reports as serious or critical.
 */
const BROKEN_BODY = `
  <h1>Report</h1>
  <h2></h2>
  <h4>Skipped two heading levels</h4>
  <p style="color: #bbb; background: #fff">Text too faint to read</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
  <button></button>
  <div role="banner"><header>Banner in a banner</header></div>
  <ul><div>Not a list item</div></ul>`;

/** A frame whose only fault is an empty link, so a check that skipped frames would miss it. */
const FRAME = `<iframe title="An embed" srcdoc="<!doctype html><html lang='en'><title>Embed</title><body><main><a href='/'></a></main></body></html>"></iframe>`;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Broken</title></head><body>${body}</body></html>`;

async function seriousInFullRun(tab: Page): Promise<string[]> {
  const full = await new AxeBuilder({ page: tab }).analyze();
  const impacts = new Set(full.violations.map((violation) => violation.impact));
  // The page breaks rules of every impact, or the comparison proves little.
  expect([...impacts].sort()).toEqual(["critical", "minor", "moderate", "serious"]);
  return full.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

describe("the axe check", () => {
  it.for([
    ["without frames", BROKEN_BODY, false],
    ["with a frame", `${BROKEN_BODY}${FRAME}`, true],
  ] as const)(
    "reports what a full axe run reports as serious or critical, no more and no less, on a page %s",
    async ([, body, framed], { page: tab }) => {
      await tab.setContent(page(body));
      // setContent may return before the frame is attached; wait for what the check must find in it.
      if (framed) await tab.frameLocator("iframe").locator("a").waitFor({ state: "attached" });
      const expected = await seriousInFullRun(tab);
      expect(expected.includes("link-name")).toBe(framed);
      const found = (await seriousAxeViolations(tab)).map((line) => line.split(":")[0]);
      expect(found).toEqual(expected);
    },
  );
});
