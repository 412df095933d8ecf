import { execFileSync } from "node:child_process";
import { inject } from "vitest";

/** How often a statement is tried while the running product holds the database's lock. */
const ATTEMPTS = 5;

/**
 * Runs SQL against the running product's local D1, the way an operator would with wrangler. That
 * is a second process on the product's SQLite file, which fails at once with SQLITE_BUSY while the
 * product writes (a CI run met it once in two thousand tests): tried again a moment later, as an
 * operator would.
 */
export function executeLocalSql(sql: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        "wrangler",
        ["d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--command", sql],
        {
          stdio: "pipe",
          env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
        },
      );
      return;
    } catch (error) {
      const busy = String((error as { stderr?: Buffer }).stderr ?? "").includes("SQLITE_BUSY");
      if (!busy || attempt === ATTEMPTS) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
    }
  }
}
