import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import { siteConfigDefine } from "../../site/site-config.ts";

export default defineProject({
  // The tests see the same defaults a build without any VITE_* variables gets.
  define: siteConfigDefine({}),
  resolve: {
    alias: {
      "@contracts": fileURLToPath(new URL("../../worker/contracts", import.meta.url)),
      "@worker": fileURLToPath(new URL("../../worker", import.meta.url)),
    },
  },
  test: {
    // Paths below are relative to the repository root, however vitest is started.
    root: fileURLToPath(new URL("../..", import.meta.url)),
    name: "site",
    include: ["tests/site/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["tests/site/setup.ts"],
    // A file that renders the whole site loads its lazy pages as a first visit does, which took over
    // vitest's default 5 s on a loaded 2-core machine (six timed out in one run there).
    // `npm test` also runs these at a lower priority than the browser files (scripts/test-suite.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` gives up after 1 s unless told otherwise: a wait sized for the same busy machine.
    expect: { poll: { timeout: 30_000 } },
    // As many as the worker project, whose group it shares (vitest refuses two projects in one
    // group with different maxWorkers; with one, the site files ran after it, one at a time).
    maxWorkers: 2,
    // A fresh jsdom and module graph per file took 88 s for the project, one kept per worker 17 s.
    // The files pass in any order (`--sequence.shuffle.files`); setup.ts unmounts and clears storage after each test.
    isolate: false,
  },
});
