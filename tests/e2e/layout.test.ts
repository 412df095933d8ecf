import type { Page } from "playwright-core";
import { beforeAll, describe, type ExpectStatic } from "vitest";
import { screenshot, VIEWPORTS, type ViewportName } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import {
  mailedCode,
  newPerson,
  RESET_CODE_SUBJECT,
  registerThroughApi,
  type StoredSession,
  sessionThroughApi,
  storeSession,
} from "./people.ts";
import { openSettingsTab, ROUTES, SETTINGS_TABS, screenshotName } from "./routes.ts";

/**
 * The states routes.test.ts cannot reach by loading a URL — signed in, dialogs and menus open,
 * an unknown address — saved as screenshots for review at both sizes, each held to the same
 * layout rules: nothing wider than the window, dialogs inside it, mobile targets ≥ 24 px.
 */

/** Saves the page as it is now under `name` and records what is wrong with its layout. */
type Capture = (name: string) => Promise<void>;

interface Journey {
  readonly name: string;
  readonly signedIn?: boolean;
  /**
   * At which size the journey is walked. By default it is walked once and each screen is laid out
   * at both sizes, as a window resized there would be; "each" walks it at both sizes, for journeys
   * whose steps differ between them.
   */
  readonly walk?: ViewportName | "each";
  /** Console errors the journey causes on purpose, such as the browser logging a 400 answer. */
  readonly expectedErrors?: RegExp;
  readonly visit: (page: Page, capture: Capture, viewport: ViewportName) => Promise<void>;
}

/**
 * Each page's test's own `expect`: journeys run two at a time, and a poll made through the global
 * `expect` is counted against whichever test vitest last started.
 */
const EXPECT_OF = new WeakMap<Page, ExpectStatic>();

const TOOL_PATHS = ["/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover", "/vox-shield"];

async function visit(page: Page, path: string) {
  await page.goto(path);
  const heading = ROUTES.find(([route]) => route === path)?.[1];
  if (!heading) return;
  const expect = EXPECT_OF.get(page);
  if (!expect) throw new Error("a journey's page visits only in its own test");
  await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
}

async function openLogin(page: Page) {
  await visit(page, "/settings");
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  return page.getByRole("dialog", { name: "Login" });
}

async function openMobileMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  return page.getByRole("dialog", { name: "Menu" });
}

const JOURNEYS: Journey[] = [
  {
    name: "every tool page, pricing and solutions with an active plan",
    signedIn: true,
    async visit(page, capture) {
      for (const path of [...TOOL_PATHS, "/pricing", "/solutions"]) {
        await visit(page, path);
        await capture(`signed-in-${screenshotName(path)}`);
      }
    },
  },
  {
    name: "settings, each of its tabs",
    signedIn: true,
    async visit(page, capture) {
      await visit(page, "/settings");
      for (const tab of SETTINGS_TABS) {
        await openSettingsTab(page, tab);
        await capture(`signed-in-settings-${tab.split(" ")[0]?.toLowerCase()}`);
      }
    },
  },
  {
    name: "the account menu",
    signedIn: true,
    walk: "desktop",
    async visit(page, capture) {
      await visit(page, "/");
      await page.getByRole("button", { name: /^Account menu for / }).click();
      await page.getByRole("link", { name: "Settings" }).waitFor();
      await capture("signed-in-account-menu");
    },
  },
  {
    name: "the mobile menu, signed in and out",
    walk: "mobile",
    async visit(page, capture) {
      await visit(page, "/");
      let menu = await openMobileMenu(page);
      await menu.getByRole("link", { name: "Pricing" }).waitFor();
      await capture("mobile-menu");
      await menu.getByRole("button", { name: "Close menu" }).click();
      const person = newPerson();
      await registerThroughApi(person);
      await storeSession(page, await sessionThroughApi(person));
      await page.reload();
      menu = await openMobileMenu(page);
      await menu.getByRole("button", { name: "Logout" }).waitFor();
      await capture("signed-in-mobile-menu");
    },
  },
  {
    name: "the Our Solutions dropdown",
    walk: "desktop",
    async visit(page, capture) {
      await visit(page, "/");
      await page.getByRole("button", { name: "Show solutions" }).click();
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: /VoxRelease/ })
        .waitFor();
      await capture("solutions-menu");
    },
  },
  {
    name: "the login and sign-up dialogs, with the sign-up errors showing",
    // The sign-up form leaves validation to the server, whose 400 the browser logs.
    expectedErrors: /status of 400/,
    async visit(page, capture) {
      const login = await openLogin(page);
      await login.waitFor();
      await capture("dialog-login");
      await login.getByRole("button", { name: "Create Account" }).click();
      const signup = page.getByRole("dialog", { name: "Create Account" });
      await signup.waitFor();
      await capture("dialog-signup");
      await signup.getByRole("button", { name: "Create Account" }).click();
      await signup.getByRole("alert").first().waitFor();
      await capture("dialog-signup-errors");
    },
  },
  {
    name: "the forgot-password, verify and reset dialogs",
    async visit(page, capture) {
      const person = newPerson();
      await registerThroughApi(person);
      const login = await openLogin(page);
      await login.getByRole("button", { name: "Forgot Password" }).click();
      const forgot = page.getByRole("dialog", { name: "Forgot Password" });
      await forgot.waitFor();
      await capture("dialog-forgot-password");
      await forgot.getByLabel("Email").fill(person.email);
      await forgot.getByRole("button", { name: "Submit" }).click();
      const verify = page.getByRole("dialog", { name: "Verify Otp" });
      await verify.waitFor();
      await capture("dialog-verify-otp");
      const code = await mailedCode(person.email, RESET_CODE_SUBJECT);
      await verify.getByLabel("Otp").fill(code);
      await verify.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("dialog", { name: "Reset Password" }).waitFor();
      await capture("dialog-reset-password");
    },
  },
  {
    name: "the contact and consultation dialogs",
    walk: "each",
    async visit(page, capture, viewport) {
      await visit(page, "/");
      if (viewport === "mobile") {
        await (await openMobileMenu(page)).getByRole("button", { name: "Contact Us" }).click();
      } else {
        await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Contact Us" }).click();
      }
      await page.getByRole("dialog", { name: "Contact Us" }).waitFor();
      await capture("dialog-contact");
      await visit(page, "/voxrelease");
      await page.getByRole("button", { name: "Request free consultation" }).click();
      await page.getByRole("dialog", { name: "Request Consultation" }).waitFor();
      await capture("dialog-consultation");
    },
  },
  {
    name: "an unknown address",
    // The page is served with status 404, which Chromium reports in the console.
    expectedErrors: /^Failed to load resource: the server responded with a status of 404/,
    async visit(page, capture) {
      await page.goto("/no-such-page");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await capture("not-found");
    },
  },
];

/** Each walk of a journey: at one size, or once with its screens laid out at both. */
const WALKS = JOURNEYS.flatMap((journey): Array<[string, Journey, ViewportName | "both"]> => {
  const walk = journey.walk;
  if (walk === undefined) return [[`${journey.name}, laid out at both sizes`, journey, "both"]];
  const sizes = walk === "each" ? (Object.keys(VIEWPORTS) as ViewportName[]) : [walk];
  return sizes.map((size) => [`${journey.name}, at ${size} size`, journey, size]);
});

// Two journeys at a time (the project's maxConcurrency), each in a context of its own.
describe.concurrent("screens beyond a plain page load", () => {
  let session: StoredSession;
  beforeAll(async () => {
    const person = newPerson();
    await registerThroughApi(person);
    session = await sessionThroughApi(person);
  });

  it.for(WALKS)("%s: fits the window, with no console errors", async ([, journey, size], { openPage, expect }) => {
    const walkedAt = size === "both" ? "desktop" : size;
    const { page, errors } = await openPage(walkedAt);
    EXPECT_OF.set(page, expect);
    if (journey.signedIn) await storeSession(page, session);
    const problems: Record<string, string[]> = {};
    const sizes = size === "both" ? (Object.keys(VIEWPORTS) as ViewportName[]) : [size];
    await journey.visit(
      page,
      async (name) => {
        await page.waitForLoadState("networkidle");
        for (const viewport of sizes) {
          if (sizes.length > 1) await page.setViewportSize(VIEWPORTS[viewport]);
          await screenshot(page, `${name}-${viewport}`);
          const found = await layoutProblems(page, viewport);
          if (found.length) problems[`${viewport}: ${name}`] = found;
        }
        if (sizes.length > 1) await page.setViewportSize(VIEWPORTS[walkedAt]);
      },
      walkedAt,
    );
    expect(problems).toEqual({});
    expect(errors.filter((error) => !journey.expectedErrors?.test(error))).toEqual([]);
  });
});
