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
    // Vitest's default on two cores is one file at a time. A worker test file mostly waits on
    // workerd, a process of its own, so two at a time took the worker project from 8 min 21 s to
    // 5 min 37 s on this 2-core machine. The browser projects set their own (tests/e2e).
    maxWorkers: 2,
  },
});
