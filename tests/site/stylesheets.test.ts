import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Each feature keeps its styles beside its components, in files short enough to read, and the site's
 * one stylesheet (site/src/styles/index.css) imports every one of them: a stylesheet nobody imports
 * would style nothing and no test would notice. Read from disk: vitest hands CSS modules over empty.
 */
const src = `${import.meta.dirname}/../../site/src/`;
const sheets = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".css"))
  .sort();
const lines = (path: string) => readFileSync(`${src}${path}`, "utf8").split("\n").length;
const imported = [...readFileSync(`${src}styles/index.css`, "utf8").matchAll(/@import "([^"]+)";/g)].map((match) =>
  new URL(match[1] ?? "", "file:///styles/").pathname.slice(1),
);
/** Stylesheets a lazily loaded page imports itself, so they stay off every other page's first load. */
const LAZY = ["developers/developers.css"];

describe("the site's stylesheets", () => {
  it("finds them all, with their text", () => {
    expect(sheets.length).toBeGreaterThan(20);
    expect(imported).toContain("live/captions.css");
    expect(lines("live/captions.css")).toBeGreaterThan(100);
  });

  it.each(sheets)("%s has at most 400 lines", (path) => {
    expect(lines(path)).toBeLessThanOrEqual(400);
  });

  it("loads every stylesheet from styles/index.css, except a lazy page's own", () => {
    const loaded = [...imported, "styles/index.css", ...LAZY];
    expect(sheets.filter((path) => !loaded.includes(path))).toEqual([]);
    expect(imported.filter((path) => !sheets.includes(path))).toEqual([]);
  });
});
