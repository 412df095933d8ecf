import { beforeAll, describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { intlMade, watchIntl } from "./intl-watch.ts";
import { inLanes } from "./lanes.ts";
import { newSession, type StoredSession, storeSession } from "./people.ts";

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

  // Every route signed out is checked on the phone-sized load routes.test.ts makes of it anyway.

  const SIGNED_IN = ["/pricing", "/settings", "/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover"];
  let session: StoredSession;
  beforeAll(async () => {
    session = await newSession();
  });
  // Two pages take the routes in turn, as in routes.test.ts: a context per route cost a renderer
  // process each time. The session's storage stays, so each load is that of a signed-in visitor.
  it("every tool page, pricing and settings, signed in with nothing made yet", async ({ openPage, expect }) => {
    const lanes = [await openPage("mobile"), await openPage("mobile")];
    for (const { page } of lanes) {
      await watchIntl(page);
      await storeSession(page, session);
    }
    const made: Record<string, unknown> = {};
    await inLanes(lanes, SIGNED_IN, async ({ page, errors }, path) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const formatters = await intlMade(page);
      if (formatters.length > 0 || errors.length > 0) made[path] = { formatters, errors: [...errors] };
    });
    expect(made).toEqual({});
  });
});
