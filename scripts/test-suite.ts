// `npm test`: the type check and lint, and the tests in two vitest runs side by side (the browser
// files, and the worker and site files), ending with one `N passed, N failed, N skipped` line for both.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SUMMARY_FILE_VARIABLE, type SummaryCounts } from "../tests/plain-summary-reporter.ts";

/**
 * One vitest run. The browser files are the longest part of the suite and start once the product
 * is up (its build and start, about a minute); the worker and site files would otherwise hold them
 * back for three minutes more, one group after the other. Run beside them at a lower priority, the
 * worker and site files take the cores while the product builds and whenever the browser files
 * wait, and yield them otherwise (docs/performance.md has the figures).
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

/** What must pass before any test counts, run while the lanes start (the product's build among them). */
const CHECKS = [
  ["npm", "run", "typecheck"],
  ["npm", "run", "lint"],
] as const;

interface Finished {
  readonly lane: Lane;
  readonly code: number | null;
  readonly counts: SummaryCounts | undefined;
}

const summaries = mkdtempSync(join(tmpdir(), "vox-test-summary-"));
const children = new Set<ChildProcess>();

/**
 * The browser lane prints as its files finish, but not before the checks have printed theirs: what
 * it says meanwhile (vitest's banner) waits here.
 */
let checking = true;
const waiting: Buffer[] = [];
function printLive(chunk: Buffer): void {
  if (checking) waiting.push(chunk);
  else process.stdout.write(chunk);
}

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
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const output: Buffer[] = [];
  const take = (chunk: Buffer) => (lane.held ? output.push(chunk) : printLive(chunk));
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
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

function check([command, ...args]: readonly string[]): Promise<boolean> {
  const child = spawn(command as string, args, { stdio: ["ignore", "inherit", "inherit"] });
  return new Promise((resolve) => child.on("close", (code) => resolve(code === 0)));
}

/**
 * Vitest stops on SIGINT as on Ctrl-C, its global teardown included (the product server goes too);
 * one that has not stopped 30 s later is killed.
 */
function stopLanes(signal: NodeJS.Signals = "SIGINT"): void {
  for (const child of children) child.kill(signal);
  setTimeout(() => {
    for (const child of children) child.kill("SIGKILL");
  }, 30_000).unref();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopLanes(signal);
    process.exitCode = 1;
  });
}

const lanes = Promise.all(LANES.map(run));
let checked = true;
for (const command of CHECKS) {
  checked = await check(command);
  if (!checked) break;
}
checking = false;
for (const chunk of waiting.splice(0)) process.stdout.write(chunk);
if (!checked) {
  console.log(`\n${CHECKS.map((command) => command.join(" ")).join(" or ")} failed: the tests are stopped.`);
  stopLanes();
}

const finished = await lanes;
rmSync(summaries, { recursive: true, force: true });
if (!checked) process.exit(1);

const total = { passed: 0, failed: 0, skipped: 0 };
for (const { lane, code, counts } of finished) {
  if (!counts) console.log(`The ${lane.name} files' run ended (code ${code}) without counting its tests.`);
  else if (code !== 0) console.log(`The ${lane.name} files' run failed (code ${code}).`);
  // A held lane's output is printed long before the end, out of sight of whoever reads the end.
  for (const failure of counts?.failures ?? []) console.log(`  failed: ${failure}`);
  total.passed += counts?.passed ?? 0;
  total.failed += counts?.failed ?? 0;
  total.skipped += counts?.skipped ?? 0;
}
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (finished.some(({ code, counts }) => code !== 0 || !counts)) process.exitCode = 1;
