import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";

/**
 * On a phone a tool page's introduction fills the first screen, so "Try it" sits under the
 * headline: it must be on that screen (not under the fixed Get Started bar), and following it
 * from the keyboard must put focus at the start of the tool. On a wide screen nothing changes.
 */

const TOOL_PATHS = ["/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover", "/vox-shield"];
/** Tools whose workspace is a form: the key after the jump lands on its first control. */
const FORMS = new Set(["/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover"]);
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];

/** Whether the element is wholly on the first screen and the topmost thing at its centre. */
function onFirstScreen(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.top >= 0 && box.bottom <= window.innerHeight && Boolean(top && element.contains(top));
  });
}

describe("tool pages on a phone", () => {
  for (const size of PHONES) {
    it(`at ${size.width}×${size.height} "Try it" is on the first screen and moves keyboard focus to the tool`, async ({
      openPage,
    }) => {
      const { page, errors } = await openPage("mobile", { size });
      for (const path of TOOL_PATHS) {
        await page.goto(path);
        const jump = page.getByRole("link", { name: "Try it" });
        expect(await onFirstScreen(page, ".try-it"), `${path}: Try it on the first screen`).toBe(true);
        await jump.focus();
        await page.keyboard.press("Enter");
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 30_000 }).toBe("try-it");
        const heading = page.locator("#try-it");
        expect(await heading.evaluate((element) => element.closest(".tool-workspace") !== null)).toBe(true);
        expect(await onFirstScreen(page, "#try-it"), `${path}: the tool's heading in view`).toBe(true);
        if (FORMS.has(path)) {
          await page.keyboard.press("Tab");
          expect(
            await page.evaluate(() => document.activeElement?.closest(".tool-workspace") !== null),
            `${path}: Tab after the jump reaches the form`,
          ).toBe(true);
        }
      }
      expect(errors).toEqual([]);
    });
  }

  it("on a wide screen the page is as before: no Try it, the tool's heading only for screen readers", async ({
    page,
  }) => {
    for (const path of TOOL_PATHS) {
      await page.goto(path);
      expect(await page.getByRole("link", { name: "Try it" }).isVisible()).toBe(false);
      expect(
        await page.locator("#try-it").evaluate((element) => element.getBoundingClientRect().width),
      ).toBeLessThanOrEqual(1);
      expect(await page.getByRole("region", { name: /^Try / }).count()).toBe(1);
    }
  });
});
