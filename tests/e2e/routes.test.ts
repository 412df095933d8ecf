import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, seriousAxeViolations, VIEWPORTS, type ViewportName } from "./browser.ts";
import { layoutProblems } from "./layout.ts";
import { ROUTES, screenshotName } from "./routes.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("every route at %s size", (viewport) => {
  it.each(ROUTES)(
    "%s loads directly, shows its heading, fits the window, has no console errors or serious axe violations",
    async (path, heading) => {
      const { page, errors, close } = await openPage(browser, viewport);
      try {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
        await page.waitForLoadState("networkidle");
        await screenshot(page, `${screenshotName(path)}-${viewport}`);
        expect(await layoutProblems(page, viewport)).toEqual([]);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
