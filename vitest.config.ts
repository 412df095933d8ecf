import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["tests/worker/vitest.config.ts", "tests/site/vitest.config.ts", "tests/e2e/vitest.config.ts"],
    reporters: ["default", "./tests/plain-summary-reporter.ts"],
  },
});
