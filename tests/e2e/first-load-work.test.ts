import { beforeAll, describe, expect } from "vitest";
import type { TrackedPage } from "./browser.ts";
import { it } from "./fixtures.ts";
import { intlMade, watchIntl } from "./intl-watch.ts";
import { newSession, type StoredSession, storeSession } from "./people.ts";

/** What made a formatter from navigation until the page answered input and its first requests settled. */
async function intlMadeWhileLoading({ page, errors }: TrackedPage, path: string, session?: StoredSession) {
  await watchIntl(page);
  if (session) await storeSession(page, session);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  return intlMade(page);
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

  // Every route signed out is checked on the phone-sized load routes.test.ts makes of it anyway.

  const SIGNED_IN = ["/pricing", "/settings", "/vox-speaks", "/vox-sentiment", "/voxscribe", "/voxrelease", "/voxover"];
  let session: StoredSession;
  beforeAll(async () => {
    session = await newSession();
  });
  it.for(SIGNED_IN)("%s, signed in with nothing made yet", async (path, { page, errors }) => {
    expect(await intlMadeWhileLoading({ page, errors }, path, session)).toEqual([]);
  });
});
