import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { PINNED_FONTS, type PinnedFont } from "../../scripts/chromium.ts";
import { fontInUse, type PageOptions, repin, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { inLanes } from "./lanes.ts";
import { layoutProblems } from "./layout.ts";
import { newSession, type StoredSession, storeSession } from "./people.ts";
import { openSettingsTab, ROUTES, SETTINGS_TABS, screenshotName } from "./routes.ts";

/**
 * Reflow (WCAG 2.2 1.4.10: a 320 px wide window) and resized text (1.4.4: 200 % text on a 375 px
 * phone), each with the wide and the narrow pinned font: every route, the dialogs and the
 * signed-in pages hold the mobile layout rule — no sideways scroll, dialogs inside the window,
 * targets at least 24 px. Each state is reached once and laid out again in every setting, as a
 * person changing their text size or turning the phone would: a fresh load per setting cost four
 * times the page loads for the same layouts.
 */
const WINDOWS: ReadonlyArray<readonly [name: string, options: Omit<PageOptions, "font">]> = [
  ["320 px", { size: { width: 320, height: 640 } }],
  ["375 px with 200 % text", { size: { width: 375, height: 812 }, textScale: 2 }],
];

const SETTINGS = (Object.keys(PINNED_FONTS) as PinnedFont[]).flatMap((font) =>
  WINDOWS.map(([window, options]) => ({ name: `${font} font at ${window}`, font, options: { ...options, font } })),
);

let session: StoredSession;
beforeAll(async () => {
  session = await newSession();
});

async function showRoute(page: Page, path: string) {
  await page.goto(path);
  const heading = ROUTES.find(([route]) => route === path)?.[1];
  await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
  await page.waitForLoadState("networkidle");
}

/** Lays the page out in every setting and files what is wrong under `<setting>: <name>`. */
async function review(page: Page, name: string, problems: Record<string, string[]>) {
  for (const setting of SETTINGS) {
    await repin(page, setting.options);
    await screenshot(page, `reflow-${setting.name.split(/[ %]+/).join("-")}-${name}`);
    const found = await layoutProblems(page, "mobile");
    if (found.length > 0) problems[`${setting.name}: ${name}`] = found;
  }
}

it.override({ viewport: "mobile", pageOptions: SETTINGS[0]?.options ?? {} });

// Two pages take the routes in turn: the time allowed grows with the routes (a route took up to
// 10 s on a loaded 2-core machine).
it("every route fits in every setting", { timeout: ROUTES.length * 20_000 }, async ({
  page,
  errors,
  openPage,
  pageOptions,
}) => {
  const problems: Record<string, string[]> = {};
  const second = await openPage("mobile", pageOptions);
  await inLanes([{ page, errors }, second], ROUTES, async ({ page: lane }, [path]) => {
    await showRoute(lane, path);
    if (path === "/") {
      for (const font of Object.keys(PINNED_FONTS) as PinnedFont[]) {
        await repin(lane, { font });
        expect(await fontInUse(lane, PINNED_FONTS[font].family)).toBe(true);
      }
    }
    await review(lane, screenshotName(path), problems);
  });
  expect(problems).toEqual({});
});

it("the menu and the login, sign-up and contact dialogs fit in every setting", async ({ page }) => {
  const problems: Record<string, string[]> = {};
  await showRoute(page, "/settings");
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.waitFor();
  await review(page, "dialog-login", problems);
  await login.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("dialog", { name: "Create Account" }).waitFor();
  await review(page, "dialog-signup", problems);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Pricing" }).waitFor();
  await review(page, "menu", problems);
  await menu.getByRole("button", { name: "Contact Us" }).click();
  await page.getByRole("dialog", { name: "Contact Us" }).waitFor();
  await review(page, "dialog-contact", problems);
  expect(problems).toEqual({});
});

it("signed in: home, pricing and each settings tab fit in every setting", async ({ page }) => {
  await storeSession(page, session);
  const problems: Record<string, string[]> = {};
  for (const path of ["/", "/pricing"]) {
    await showRoute(page, path);
    await review(page, `signed-in-${screenshotName(path)}`, problems);
  }
  await showRoute(page, "/settings");
  for (const tab of SETTINGS_TABS) {
    await openSettingsTab(page, tab);
    await review(page, `signed-in-settings-${tab.split(" ")[0]?.toLowerCase()}`, problems);
  }
  expect(problems).toEqual({});
});

// The smallest phone with the largest text the other tests set: words as long as "authentication"
// or a 300 px card minimum no longer fit, and must wrap rather than push the page sideways.
it("at 320 px with 200 % text, the solution cards, a tool page's lists and Settings' tabs fit", async ({
  openPage,
}) => {
  const { page } = await openPage("mobile", { size: { width: 320, height: 640 }, textScale: 2 });
  await storeSession(page, session);
  const problems: Record<string, string[]> = {};
  for (const path of ["/solutions", "/vox-speaks", "/voxrelease", "/settings"]) {
    await showRoute(page, path);
    const found = await layoutProblems(page, "mobile");
    if (found.length > 0) problems[path] = found;
  }
  expect(problems).toEqual({});
});
