import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export interface SummaryCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** Each failed test as `file > name: first line of its error`, so `npm test` can end with them. */
  readonly failures?: readonly string[];
}

/** Set by `npm test` (scripts/test-suite.ts), which runs two vitest runs and counts both at once. */
export const SUMMARY_FILE_VARIABLE = "VOX_TEST_SUMMARY_FILE";

/**
 * Ends the run with one plain line, `N passed, N failed, N skipped`, which CI reads to count tests
 * whatever the default reporter's colours and layout; with `VOX_TEST_SUMMARY_FILE` set, the counts
 * go to that file instead, for the one line that counts both runs.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") counts.passed++;
        else if (result.state === "failed") {
          counts.failed++;
          const error = result.errors?.[0]?.message.split("\n")[0] ?? "no error recorded";
          failures.push(`${module.moduleId.replace(`${process.cwd()}/`, "")} > ${test.fullName}: ${error}`);
        } else counts.skipped++;
      }
      for (const error of module.errors()) {
        failures.push(`${module.moduleId.replace(`${process.cwd()}/`, "")}: ${error.message.split("\n")[0]}`);
      }
    }
    const summaryFile = process.env[SUMMARY_FILE_VARIABLE];
    if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ ...counts, failures }));
    else console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
