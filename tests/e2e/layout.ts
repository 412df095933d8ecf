import type { Page } from "playwright-core";
import { screenshot, VIEWPORTS, type ViewportName } from "./browser.ts";

/** WCAG 2.2 success criterion 2.5.8 (Target Size, Minimum), in CSS pixels. */
export const MIN_TARGET_PX = 24;

const INTERACTIVE = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "audio[controls]",
  "video[controls]",
  "[role=button]",
  "[role=tab]",
  "[role=link]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * What a person would see as broken in this page's layout, as readable lines (empty when fine):
 * anything wider than the window (the page scrolls sideways), any open dialog that does not fit
 * the window, any box that scrolls sideways (a table hiding its columns), and — on mobile — any
 * control smaller than the 24 × 24 px minimum target.
 * Links inside running text are exempt from the target size, as WCAG exempts them.
 */
export async function layoutProblems(page: Page, viewport: ViewportName): Promise<string[]> {
  return page.evaluate(
    ({ selector, checkTargets, minimum }) => {
      const problems: string[] = [];
      const describe = (element: Element) => {
        const classes = [...element.classList].map((name) => `.${name}`).join("");
        const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        const label = element.getAttribute("aria-label") ?? text;
        return `<${element.tagName.toLowerCase()}${classes}>${label ? ` "${label}"` : ""}`;
      };
      const width = window.innerWidth;
      const height = window.innerHeight;

      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > width) {
        // Name the outermost elements that stick out, not every descendant of them.
        const wide = [...document.body.querySelectorAll("*")].filter(
          (element) => element.getBoundingClientRect().right > width + 0.5,
        );
        const outermost = wide.filter((element) => !wide.some((other) => other !== element && other.contains(element)));
        // Text can stick out of a box that itself fits: name the text's element then.
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const boxesFit = outermost.length === 0;
        for (let node = walker.nextNode(); node && boxesFit && outermost.length < 5; node = walker.nextNode()) {
          range.selectNodeContents(node);
          if (range.getBoundingClientRect().right > width + 0.5 && node.parentElement)
            outermost.push(node.parentElement);
        }
        problems.push(
          `page is ${scrollWidth}px wide in a ${width}px window: ${outermost.slice(0, 5).map(describe).join(", ")}`,
        );
      }

      for (const dialog of document.querySelectorAll("[role=dialog]")) {
        const box = dialog.getBoundingClientRect();
        if (box.left < 0 || box.top < 0 || box.right > width + 0.5 || box.bottom > height + 0.5) {
          problems.push(
            `${describe(dialog)} is ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)},${Math.round(box.top)}: outside the ${width}×${height} window`,
          );
        }
      }

      // A box that scrolls sideways hides part of itself (a table's columns, a dialog's edge).
      // Form fields are exempt: a long value scrolls inside its field by design.
      for (const element of document.body.querySelectorAll("*")) {
        if (element.matches("input, textarea, select")) continue;
        const overflowX = getComputedStyle(element).overflowX;
        if ((overflowX === "auto" || overflowX === "scroll") && element.scrollWidth > element.clientWidth + 1) {
          problems.push(
            `${describe(element)} scrolls sideways: ${element.scrollWidth}px of content in ${element.clientWidth}px`,
          );
        }
      }

      if (checkTargets) {
        for (const element of document.querySelectorAll(selector)) {
          if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
          const style = getComputedStyle(element);
          // Visually hidden inputs are reached through their visible label, which is measured instead.
          if (style.clipPath !== "none" && style.position === "absolute") continue;
          if (style.display === "inline" && element.closest("p, li, dd, td") !== null) continue;
          const box = element.getBoundingClientRect();
          if (box.width < minimum || box.height < minimum) {
            problems.push(`${describe(element)} is ${Math.round(box.width)}×${Math.round(box.height)}px`);
          }
        }
      }
      return problems;
    },
    { selector: INTERACTIVE, checkTargets: viewport === "mobile", minimum: MIN_TARGET_PX },
  );
}

/**
 * For journeys that reach a state no URL leads to (a result, a report): saves the page as
 * `<name>-desktop` and `<name>-mobile`, returns the layout problems at both sizes, and leaves the
 * page at the size it had.
 */
export async function reviewAtBothSizes(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize();
  const problems: string[] = [];
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await screenshot(page, `${name}-${viewport}`);
    problems.push(...(await layoutProblems(page, viewport)).map((problem) => `${viewport}: ${problem}`));
  }
  if (original) await page.setViewportSize(original);
  return problems;
}
