import { describe, expect } from "vitest";
import { screenshot, seriousAxeViolations, VIEWPORTS, type ViewportName } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { ROUTES, screenshotName } from "./routes.ts";

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("every route at %s size", (viewport) => {
  it.override("viewport", viewport);

  it.for(ROUTES)(
    "%s loads directly, shows its heading, fits the window, has no console errors or serious axe violations",
    async ([path, heading], { page, errors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
      await page.waitForLoadState("networkidle");
      await screenshot(page, `${screenshotName(path)}-${viewport}`);
      expect(await layoutProblems(page, viewport)).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
