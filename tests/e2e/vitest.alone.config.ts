import { defineProject } from "vitest/config";
import { ALONE_FILES, BROWSER_TEST_OPTIONS } from "./vitest.config.ts";

/** The browser files that run by themselves (see ALONE_FILES), last, on the same product server. */
export default defineProject({
  test: {
    ...BROWSER_TEST_OPTIONS,
    name: "e2e-alone",
    include: ALONE_FILES,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
});
