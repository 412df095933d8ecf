import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    // Paths below are relative to the repository root, however vitest is started.
    root: fileURLToPath(new URL("../..", import.meta.url)),
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One product server and one browser at a time fit two cores; parallel files would fight.
    fileParallelism: false,
    // After the worker and site projects: the Lighthouse test measures timing and needs the CPU.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    // Lazy pages on a loaded 2-core machine can take a few seconds; one second is vitest's default.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 240_000,
  },
});
