import { execFileSync } from "node:child_process";
import { inject } from "vitest";

/** Runs SQL against the running product's local D1, the way an operator would with wrangler. */
export function executeLocalSql(sql: string): void {
  execFileSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--command", sql], {
    stdio: "pipe",
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
  });
}
