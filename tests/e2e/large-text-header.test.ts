import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { ROUTES } from "./routes.ts";

/**
 * WCAG 1.4.4 on a laptop: with text at 200 % on a 1,366 px window, the header keeps every label on
 * one line and inside itself (it grew to hold them, or the menu moved), instead of wrapping "Our
 * Solutions" and "Contact Us" into a 72 px bar that clips them.
 */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector(".site-header");
    if (!header) return ["no header"];
    const bounds = header.getBoundingClientRect();
    const problems: string[] = [];
    for (const element of header.querySelectorAll<HTMLElement>("a, button")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = element.textContent?.trim() || element.getAttribute("aria-label") || element.className;
      if (box.top < bounds.top - 0.5 || box.bottom > bounds.bottom + 0.5) problems.push(`${name}: outside the header`);
      const lines = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getClientRects().length;
        });
      if (lines.some((count) => count > 1)) problems.push(`${name}: wraps onto ${Math.max(...lines)} lines`);
    }
    return problems;
  });
}

describe("the header with 200 % text on a laptop", () => {
  it.override({ viewport: "desktop", pageOptions: { size: { width: 1366, height: 768 }, textScale: 2 } });

  it.for(["/", "/pricing"])("%s keeps every label on one line, inside the header", async (path, { page }) => {
    await page.goto(path);
    const heading = ROUTES.find(([route]) => route === path)?.[1];
    await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
    expect(await headerProblems(page)).toEqual([]);
  });
});
