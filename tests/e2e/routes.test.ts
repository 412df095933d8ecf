import { describe } from "vitest";
import { screenshot, seriousAxeViolations, VIEWPORTS, type ViewportName } from "./browser.ts";
import { it } from "./fixtures.ts";
import { intlMade, watchIntl } from "./intl-watch.ts";
import { layoutProblems } from "./layout.ts";
import { ROUTES, screenshotName } from "./routes.ts";

// Two routes at a time (the project's maxConcurrency), each in a context of its own: axe works on
// one core per page, and one page's load waits on the network while the other's is checked.
describe.concurrent.each(Object.keys(VIEWPORTS) as ViewportName[])("every route at %s size", (viewport) => {
  it.override("viewport", viewport);

  it.for(ROUTES)(
    "%s loads directly, shows its heading, fits the window, has no console errors or serious axe violations; on a phone it makes no Intl formatter while it loads",
    async ([path, heading], { page, errors, expect }) => {
      // The phone-sized load serves first-load-work.test.ts's rule too, rather than a load of its own.
      const onPhone = viewport === "mobile";
      if (onPhone) await watchIntl(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
      await page.waitForLoadState("networkidle");
      // Read before the checks below run scripts in the page.
      if (onPhone) expect(await intlMade(page)).toEqual([]);
      await screenshot(page, `${screenshotName(path)}-${viewport}`);
      expect(await layoutProblems(page, viewport)).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
