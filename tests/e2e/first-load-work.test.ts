import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";
import type { TrackedPage } from "./browser.ts";
import { it } from "./fixtures.ts";
import { newSession, type StoredSession, storeSession } from "./people.ts";
import { ROUTES } from "./routes.ts";

// A page's first Intl formatter makes the browser load its locale data, 100–250 ms of main thread
// on a mid-range phone; made while a page loads, it lengthens the time the page cannot answer.
// Every way the site could make one is watched from before the page's own scripts run.
async function watchIntl(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __intlMade: string[] }).__intlMade = made;
    const note = (name: string) => made.push(name);
    for (const name of [
      "NumberFormat",
      "DateTimeFormat",
      "RelativeTimeFormat",
      "PluralRules",
      "ListFormat",
      "Collator",
      "DisplayNames",
      "Segmenter",
    ] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const watched = new Proxy(original, {
        construct(target, args, newTarget) {
          note(`new Intl.${name}`);
          return Reflect.construct(target, args, newTarget);
        },
        apply(target, self, args) {
          note(`Intl.${name}()`);
          return Reflect.apply(target, self, args);
        },
      });
      Object.defineProperty(Intl, name, { value: watched, configurable: true, writable: true });
    }
    const methods: Array<[object, string, string]> = [
      [Number.prototype, "toLocaleString", "Number"],
      [Date.prototype, "toLocaleString", "Date"],
      [Date.prototype, "toLocaleDateString", "Date"],
      [Date.prototype, "toLocaleTimeString", "Date"],
      [String.prototype, "localeCompare", "String"],
    ];
    for (const [prototype, method, owner] of methods) {
      const original = Reflect.get(prototype, method) as (...args: unknown[]) => unknown;
      Object.defineProperty(prototype, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          note(`${owner}.prototype.${method}`);
          return original.apply(this, args);
        },
      });
    }
  });
}

/** What made a formatter from navigation until the page answered input and its first requests settled. */
async function intlMadeWhileLoading({ page, errors }: TrackedPage, path: string, session?: StoredSession) {
  await watchIntl(page);
  if (session) await storeSession(page, session);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  return page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
}

describe("no page makes an Intl formatter while it loads", () => {
  it.override("viewport", "mobile");

  it("the watch sees a formatter the page makes", async ({ page }) => {
    await watchIntl(page);
    await page.goto("/");
    const made = await page.evaluate(() => {
      new Intl.NumberFormat("en-NG").format(1000);
      (1000).toLocaleString();
      return (window as unknown as { __intlMade: string[] }).__intlMade;
    });
    expect(made).toEqual(["new Intl.NumberFormat", "Number.prototype.toLocaleString"]);
  });

  it.for(ROUTES.map(([path]) => path))("%s, signed out", async (path, { page, errors }) => {
    expect(await intlMadeWhileLoading({ page, errors }, path)).toEqual([]);
  });

  const SIGNED_IN = ["/pricing", "/settings", "/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover"];
  let session: StoredSession;
  beforeAll(async () => {
    session = await newSession();
  });
  it.for(SIGNED_IN)("%s, signed in with nothing made yet", async (path, { page, errors }) => {
    expect(await intlMadeWhileLoading({ page, errors }, path, session)).toEqual([]);
  });
});
