import type { Page } from "playwright-core";

/**
 * Works through `items` on several pages at once, each page taking the next item when it is free.
 * A page load spends much of its time waiting (on the network going quiet, on a lazy chunk), and
 * another page can use that time; each item still gets a load of its own.
 */
export async function inLanes<T>(
  pages: readonly Page[],
  items: readonly T[],
  work: (page: Page, item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    pages.map(async (page) => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) await work(page, item);
    }),
  );
}
