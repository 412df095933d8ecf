import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "tests/worker/vitest.config.ts",
      "tests/site/vitest.config.ts",
      "tests/e2e/vitest.config.ts",
      "tests/e2e/vitest.alone.config.ts",
    ],
    reporters: ["default", "./tests/plain-summary-reporter.ts"],
    // Vitest's default on two cores is one file at a time, and a project does not take this value:
    // each project sets its own maxWorkers (tests/*/vitest.config.ts); this one is the pool's.
    maxWorkers: 2,
  },
});
