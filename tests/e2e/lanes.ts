import type { Page } from "playwright-core";

/** A page that takes items in turn, with the console errors it has seen. */
export interface Lane {
  readonly page: Page;
  readonly errors: string[];
}

/**
 * Works through `items` on several pages at once, each page taking the next item when it is free.
 * A page load spends much of its time waiting (on the network going quiet, on a lazy chunk), and
 * another page can use that time; each item still gets a load of its own. A lane's `errors` hold
 * only those of the item at hand. With `firstVisits`, the lane forgets its visitor after each item
 * (cookies and storage), so the next load is a first visit again; a session stored by an init
 * script is put back as the next page loads.
 */
export async function inLanes<T>(
  lanes: readonly Lane[],
  items: readonly T[],
  work: (lane: Lane, item: T) => Promise<void>,
  { firstVisits = false } = {},
): Promise<void> {
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) {
        lane.errors.length = 0;
        await work(lane, item);
        if (firstVisits) await forgetVisitor(lane.page);
      }
    }),
  );
}

async function forgetVisitor(page: Page): Promise<void> {
  // Let the app finish what it is fetching first: a request it made after its session was cleared
  // was answered 401 and counted against the next route.
  await page.waitForLoadState("networkidle");
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
