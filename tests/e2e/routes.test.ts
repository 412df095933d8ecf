import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, seriousAxeViolations, VIEWPORTS, type ViewportName } from "./browser.ts";

/** Every route of spec §2 plus /about, with the heading a visitor should see. */
const ROUTES: Array<[path: string, heading: string]> = [
  ["/", "Give every message a voice."],
  ["/about", "We build voice tools for people whose work is words"],
  ["/solutions", "Everything your voice work needs"],
  ["/pricing", "Simple plans in naira"],
  ["/settings", "Settings"],
  ["/watch-demo", "See Vox at work"],
  ["/vox-speaks", "Text-to-speech that sounds like your brand, not a robot"],
  ["/vox-sentiment", "Know how a conversation landed before the headlines do"],
  ["/voxscribe", "Every word on the record, live"],
  ["/voxrelease", "From recording to press release in minutes"],
  ["/voxover", "Keep the performance, change the voice"],
  ["/vox-shield", "Verify before you amplify"],
  ["/developers", "Put a voice assistant on your own page"],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("every route at %s size", (viewport) => {
  it.each(ROUTES)(
    "%s loads directly, shows its heading, has no console errors or serious axe violations",
    async (path, heading) => {
      const { page, errors, close } = await openPage(browser, viewport);
      try {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
        await page.waitForLoadState("networkidle");
        const name = path === "/" ? "home" : path.slice(1);
        await screenshot(page, `${name}-${viewport}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
