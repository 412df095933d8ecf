import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { baseUrl } from "./browser.ts";
import { it } from "./fixtures.ts";
import { logIn, newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

/** Holds the app's code back until the returned function is called, so the page stays as built. */
async function holdBackTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/boot-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const h1 = (page: Page) => page.locator("h1").first();

describe("desktop navigation", () => {
  it("the Our Solutions dropdown opens and its entries navigate; the label goes to /solutions", async ({
    page,
    errors,
  }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Show solutions" }).click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /VoxRelease/ })
      .click();
    await page.waitForURL("**/voxrelease");
    await expect.poll(() => h1(page).textContent()).toBe("From recording to press release in minutes");
    await page.getByRole("link", { name: "Our Solutions" }).click();
    await page.waitForURL("**/solutions");
    expect(errors).toEqual([]);
  });

  it("Home's Get Started shows a spinner, then lands on /solutions", async ({ page, errors }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Get Started" }).first().click();
    await expect.poll(() => page.getByRole("status").count()).toBeGreaterThan(0);
    await page.waitForURL("**/solutions", { timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it("the footer credit link opens the provider's site in a new tab, safely", async ({ page, errors }) => {
    await page.goto("/");
    const credit = page.locator(".site-footer__copyright a");
    expect(await credit.getAttribute("target")).toBe("_blank");
    expect(await credit.getAttribute("rel")).toContain("noopener");
    expect(errors).toEqual([]);
  });

  it("/about is plain white while other pages carry the background image", async ({ page, errors }) => {
    await page.goto("/about");
    const about = await page.locator(".page").evaluate((el) => getComputedStyle(el));
    expect(about.backgroundImage).toBe("none");
    expect(about.backgroundColor).toBe("rgb(255, 255, 255)");
    await page.goto("/pricing");
    const pricing = await page.locator(".page").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(pricing).toContain("radial-gradient");
    expect(errors).toEqual([]);
  });
});

describe("mobile navigation", () => {
  it.override("viewport", "mobile");

  it("the menu icon opens a full-screen overlay whose links navigate and close it", async ({ page, errors }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const overlay = page.getByRole("dialog", { name: "Menu" });
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
    await overlay.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/pricing");
    expect(await overlay.count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Contact Us" }).click();
    await page.getByRole("dialog", { name: "Contact Us" }).waitFor({ state: "visible" });
    expect(await page.getByRole("dialog", { name: "Menu" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the menu logs in and creates an account when signed out, and leads to Settings when signed in", async ({
    page,
    errors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/voxrelease");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await menu.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await menu.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("dialog", { name: /sign up|create/i }).waitFor();
    await page.keyboard.press("Escape");

    const person = newPerson();
    await registerThroughApi(person);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("button", { name: "Log in" }).click();
    await logIn(page, person.email, person.password, { opened: true });
    await page.waitForURL("**/solutions");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await menu.getByRole("button", { name: "Log in" }).count()).toBe(0);
    await menu.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    expect(await menu.count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("button", { name: "Logout" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("hides the page behind the open menu from assistive technology, every time", async ({ page, errors }) => {
    for (const path of ["/", "/voxscribe", "/pricing"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Pricing" }).waitFor();
      // What a screen reader can reach: Chromium's own accessibility tree, ignored nodes left out
      // (Playwright's aria snapshot does not know `inert`, so it cannot be the judge).
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
        nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
      };
      await cdp.detach();
      const reachable = nodes
        .filter((node) => !node.ignored)
        .map((node) => `${node.role?.value}: ${node.name?.value ?? ""}`.trim());
      expect(reachable, path).toContain("link: Pricing");
      expect(reachable, path).toContain("button: Close menu");
      for (const behind of ["main:", "banner:", "contentinfo:", "button: Open menu", "button: Get Started"]) {
        expect(reachable, `${path}: ${behind}`).not.toContain(behind);
      }
      await page.keyboard.press("Escape");
    }
    expect(errors).toEqual([]);
  });

  it("shows the bottom Get Started button and hides the desktop navigation", async ({ page, errors }) => {
    await page.goto("/solutions");
    expect(await page.locator(".mobile-cta").getByRole("button", { name: "Get Started" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("on a 320 px phone with 200 % text, Skip to content stays out of sight until it has the focus", async ({
    openPage,
  }) => {
    const { page } = await openPage("mobile", { size: { width: 320, height: 640 }, textScale: 2 });
    await page.goto("/");
    const skip = page.getByRole("link", { name: "Skip to content" });
    // Two lines of text at this size: a fixed offset above the window left its bottom edge showing.
    const hidden = await skip.boundingBox();
    expect((hidden?.y ?? 0) + (hidden?.height ?? 0)).toBeLessThanOrEqual(0);
    await page.keyboard.press("Tab");
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.y).toBeGreaterThanOrEqual(0);
  });

  it("with 200 % text, the Get Started bar leaves the footer's last line in view at the page's end", async ({
    openPage,
  }) => {
    const { page, errors } = await openPage("mobile", { textScale: 2 });
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [lastLine, bar] = await page.evaluate(() => {
      const credit = [...document.querySelectorAll(".site-footer a")].at(-1)?.getBoundingClientRect();
      return [credit?.bottom ?? Number.NaN, document.querySelector(".mobile-cta")?.getBoundingClientRect().top ?? 0];
    });
    expect(lastLine).toBeLessThanOrEqual(bar);
    expect(errors).toEqual([]);
  });
});

describe("routing through the Worker", () => {
  it("deep links survive a reload", async ({ page, errors }) => {
    await page.goto("/voxscribe");
    await page.reload();
    await expect.poll(() => h1(page).textContent()).toBe("Every word on the record, live");
    expect(errors).toEqual([]);
  });

  it("a press made before the page has hydrated is held, then acts once the page is live", async ({ newContext }) => {
    // A bare page: openPage's `goto` would wait for hydration, which is what this test must not do.
    const page = await (await newContext()).newPage();
    const release = await holdBackTheApp(page);
    await page.goto("/voxrelease");
    await page.getByRole("button", { name: "Request free consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Request Consultation" });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    expect(await dialog.count()).toBe(0);
    release();
    await dialog.waitFor();
    expect(await dialog.count()).toBe(1);
  });

  it("a signed-in visitor never sees Login on a page that has not hydrated yet", async ({ newContext }) => {
    const person = newPerson();
    await registerThroughApi(person);
    const page = await (await newContext()).newPage();
    await signInThroughApi(page, person);
    const release = await holdBackTheApp(page);
    await page.goto("/settings");
    // The pre-rendered page is signed out: its Login is in the page, but not shown.
    const login = page.locator("header button.account-button", { hasText: "Login" });
    expect(await login.count()).toBe(1);
    expect(await login.isVisible()).toBe(false);
    expect(await page.getByText("Log in to manage your account").isVisible()).toBe(false);
    release();
    await page.getByRole("button", { name: `Account menu for ${person.name}` }).waitFor();
    // The account's tabs stay hidden until the page has hydrated (as Login was), then show.
    await page.getByRole("tab", { name: "Profile" }).waitFor();
    expect(await login.count()).toBe(0);
  });

  it('an unknown path answers 404 with "Page not found", which leads home', async ({ page, errors }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => h1(page).textContent()).toBe("Page not found");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    // Chromium reports the document's own 404 in the console; nothing else may appear there.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  });

  it("every route's HTML arrives rendered, with its own title, before any script runs", async () => {
    for (const [path, title, heading] of [
      ["/", "Vox: voice AI for communicators", "Give every message a voice."],
      ["/pricing", "Pricing · Vox", "Simple plans in naira"],
      ["/voxscribe", "VoxScribe · Vox", "Every word on the record, live"],
    ]) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(html.match(/<title>(.*?)<\/title>/g), path).toEqual([`<title>${title}</title>`]);
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, ""), path).toBe(heading);
    }
  });

  it("API paths reach the Worker before the static pages", async () => {
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, sandbox: true });
    const expected: Array<[string, number]> = [
      ["/api/unknown", 404],
      ["/auth/unknown", 404],
      ["/processpay", 401],
      ["/__sandbox/unknown", 404],
    ];
    for (const [path, status] of expected) {
      const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("content-type"), path).toContain("application/json");
    }
    const page = await fetch(`${baseUrl()}/vox-speaks`, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toContain("text/html");
  });
});
