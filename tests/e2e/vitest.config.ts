import { fileURLToPath } from "node:url";
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Files that must have the machine or the product to themselves: Lighthouse traces the pages it
 * scores, the budget test reads the build, the billing test moves the product's one billing clock a
 * month on (every trial running beside it would end) and the newsroom's publishing test a day on, and the analysis test makes the next Deepgram
 * call fail (a file beside it could take that failure). They form their own project, `e2e-alone`
 * (vitest.alone.config.ts), run one file at a time after every other browser file.
 */
export const ALONE_FILES = [
  "tests/e2e/billing.test.ts",
  "tests/e2e/analysis.test.ts",
  "tests/e2e/lighthouse.test.ts",
  "tests/e2e/budgets.test.ts",
  "tests/e2e/newsroom-publishing.test.ts",
];

/** What both browser projects share: one product server (global-setup.ts) and the same patience. */
export const BROWSER_TEST_OPTIONS: NonNullable<TestProjectInlineConfiguration["test"]> = {
  // Paths below are relative to the repository root, however vitest is started.
  root: fileURLToPath(new URL("../..", import.meta.url)),
  environment: "node",
  globalSetup: ["tests/e2e/global-setup.ts"],
  setupFiles: ["tests/e2e/wait-for-product.ts"],
  // Generous because a correct build must pass on a busy machine; only a failing test waits this long.
  testTimeout: 180_000,
  // Lazy pages on a loaded 2-core machine can take seconds; one second is vitest's default.
  expect: { poll: { timeout: 30_000 } },
  // Tests a file marks concurrent run two at a time: one per core.
  maxConcurrency: 2,
  hookTimeout: 240_000,
};

export default defineProject({
  test: {
    ...BROWSER_TEST_OPTIONS,
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...ALONE_FILES],
    // One file at a time. Two at a time took the browser files about a third less time, but under
    // that load a press-kit journey that takes 14 s alone failed at 42 s in a fresh-clone run: its
    // waits are sized for a machine it has to itself.
    fileParallelism: false,
    // After the worker and site projects, which keep both cores busy.
    sequence: { groupOrder: 1 },
  },
});
