import { describe } from "vitest";
import { screenshot, seriousAxeViolations, VIEWPORTS, type ViewportName } from "./browser.ts";
import { it } from "./fixtures.ts";
import { intlMade, watchIntl } from "./intl-watch.ts";
import { inLanes } from "./lanes.ts";
import { layoutProblems } from "./layout.ts";
import { ROUTES, screenshotName } from "./routes.ts";

// Two pages per size take the routes in turn, each route loaded by its address with the visitor's
// storage cleared: a fresh context per route cost a new renderer process each time, and most of a
// load's time went there. Axe works on one core per page; one page's load waits on the network
// while the other is checked.
describe.each(Object.keys(VIEWPORTS) as ViewportName[])("every route at %s size", (viewport) => {
  it("loads directly, shows its heading, fits the window, has no console errors or serious axe violations; on a phone it makes no Intl formatter while it loads", {
    timeout: ROUTES.length * 20_000,
  }, async ({ openPage, expect }) => {
    // The phone-sized load serves first-load-work.test.ts's rule too, rather than a load of its own.
    const onPhone = viewport === "mobile";
    const lanes = [await openPage(viewport), await openPage(viewport)];
    if (onPhone) for (const { page } of lanes) await watchIntl(page);
    const problems: Record<string, unknown> = {};
    await inLanes(
      lanes,
      ROUTES,
      async ({ page, errors }, [path, heading]) => {
        const found: Record<string, unknown> = {};
        const response = await page.goto(path);
        if (response?.status() !== 200) found.status = response?.status();
        await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
        await page.waitForLoadState("networkidle");
        // Read before the checks below run scripts in the page.
        if (onPhone) found.intl = await intlMade(page);
        await screenshot(page, `${screenshotName(path)}-${viewport}`);
        found.layout = await layoutProblems(page, viewport);
        found.axe = await seriousAxeViolations(page);
        found.errors = [...errors];
        const wrong = Object.entries(found).filter(([, value]) => !Array.isArray(value) || value.length > 0);
        if (wrong.length > 0) problems[path] = Object.fromEntries(wrong);
      },
      { firstVisits: true },
    );
    expect(problems).toEqual({});
  });
});
