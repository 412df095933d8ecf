/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/** The site's test files, read as text when the test is built. */
const files = import.meta.glob<string>(
  ["./**/*.ts", "./**/*.tsx", "!./waits.test.ts", "!./vitest.config.ts", "!./setup.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

/**
 * These files run niced beside the browser files, where a lazy page's first load has taken 15 s.
 * Testing Library's `waitFor` and `find` queries wait as long as `setup.ts` configures; `vi.waitFor`
 * and a `timeout` of a few seconds give up after what that machine needs.
 */
describe("the site tests' waits", () => {
  it("are found", () => {
    expect(Object.keys(files).length).toBeGreaterThan(50);
  });

  it.each(Object.entries(files))("%s waits as long as setup.ts configures", (_, source) => {
    expect(source).not.toMatch(/\bvi\.waitFor\(/);
    expect(source.match(/\btimeout: [0-9_]+\b/g) ?? []).toEqual([]);
  });
});
