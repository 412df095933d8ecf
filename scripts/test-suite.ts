// `npm test`'s tests, after the type check and lint: the browser files and the worker and site files
// side by side, in two vitest runs, ending with one `N passed, N failed, N skipped` line for both.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SUMMARY_FILE_VARIABLE, type SummaryCounts } from "../tests/plain-summary-reporter.ts";

/**
 * One vitest run. The browser files are the longest part of the suite and start once the product
 * is up (about a minute); the worker and site files would otherwise hold them back for three
 * minutes more, one group after the other. Run beside them at a lower priority, the worker and
 * site files take the cores only while the browser files wait, so the browser files' timings stay
 * as they are alone and the whole run is shorter (docs/performance.md has the figures).
 */
interface Lane {
  readonly name: string;
  readonly projects: readonly string[];
  /** Added niceness: the lane takes the CPU the other leaves. */
  readonly niceness: number;
  /** Its output is held and printed whole when it ends, so the two runs' lines do not mix. */
  readonly held: boolean;
}

const LANES: readonly Lane[] = [
  { name: "browser", projects: ["e2e", "e2e-alone"], niceness: 0, held: false },
  { name: "worker and site", projects: ["worker", "site"], niceness: 10, held: true },
];

interface Finished {
  readonly lane: Lane;
  readonly code: number | null;
  readonly counts: SummaryCounts | undefined;
}

const summaries = mkdtempSync(join(tmpdir(), "vox-test-summary-"));
const children = new Set<ChildProcess>();

function run(lane: Lane, index: number): Promise<Finished> {
  const summaryFile = join(summaries, `${index}.json`);
  const vitest = [
    process.execPath,
    "node_modules/vitest/vitest.mjs",
    "run",
    ...lane.projects.flatMap((project) => ["--project", project]),
    ...process.argv.slice(2),
  ];
  const [command, ...args] = lane.niceness ? ["nice", "-n", String(lane.niceness), ...vitest] : vitest;
  const child = spawn(command as string, args, {
    env: { ...process.env, [SUMMARY_FILE_VARIABLE]: summaryFile },
    stdio: ["ignore", lane.held ? "pipe" : "inherit", lane.held ? "pipe" : "inherit"],
  });
  children.add(child);
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      children.delete(child);
      if (lane.held) {
        process.stdout.write(`\n──── ${lane.name} files (${lane.projects.join(", ")}) ────\n`);
        process.stdout.write(Buffer.concat(output));
        process.stdout.write(`──── end of the ${lane.name} files ────\n`);
      }
      resolve({ lane, code, counts: readCounts(summaryFile) });
    });
  });
}

function readCounts(file: string): SummaryCounts | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SummaryCounts;
  } catch {
    return undefined;
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 1;
  });
}

const finished = await Promise.all(LANES.map(run));
rmSync(summaries, { recursive: true, force: true });

const total = { passed: 0, failed: 0, skipped: 0 };
for (const { lane, code, counts } of finished) {
  if (!counts) console.log(`The ${lane.name} files' run ended (code ${code}) without counting its tests.`);
  else if (code !== 0) console.log(`The ${lane.name} files' run failed (code ${code}).`);
  total.passed += counts?.passed ?? 0;
  total.failed += counts?.failed ?? 0;
  total.skipped += counts?.skipped ?? 0;
}
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (finished.some(({ code, counts }) => code !== 0 || !counts)) process.exitCode = 1;
