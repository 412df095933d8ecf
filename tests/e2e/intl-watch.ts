import type { Page } from "playwright-core";

// A page's first Intl formatter makes the browser load its locale data, 100–250 ms of main thread
// on a mid-range phone; made while a page loads, it lengthens the time the page cannot answer.
// Every way the site could make one is watched from before the page's own scripts run.
export async function watchIntl(page: Page): Promise<void> {
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

/** What has made a formatter since the page's last navigation. */
export function intlMade(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
}
