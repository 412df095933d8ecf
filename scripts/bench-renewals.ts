// `npm run bench:renewals`: seeds 10,000 accounts whose Monthly plan is due for renewal into a local
// product (`npm start` on fresh state), then times one renewal sweep (`POST /__sandbox/cron/renewals`):
// wall time, the D1 statements it issued and the round trips they took, and what it did. Each renewal
// is one charge at the sandbox Paystack, in-process, so the figure is the Worker's own work.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProduct } from "./product-server.ts";

const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 10_000);
const DAY_MS = 86_400_000;

/**
 * Accounts, the checkouts that authorized their cards at the sandbox Paystack, and subscriptions
 * ending in two days (not yet due, so npm start's own scheduled sweep leaves them alone until the
 * clock moves).
 */
function seedSql(count: number): string {
  const now = new Date();
  const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const n = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  return `
${n} INSERT INTO users (id, name, email, phone_number, password_hash, trial_ends_at, plan, subscription_expires_at, created_at)
  SELECT printf('bench-%06d', i), 'Bench', printf('bench-%06d@example.ng', i), '08031234567', 'x',
    '${iso(-30 * DAY_MS)}', 'monthly', '${iso(2 * DAY_MS)}', '${iso(-32 * DAY_MS)}' FROM n;
${n} INSERT INTO sandbox_paystack_transactions (reference, access_code, email, amount, currency, callback_url, status, created_at, paid_at)
  SELECT printf('bench-first-%06d', i), printf('benchcard%06d', i), printf('bench-%06d@example.ng', i), 1000000, 'NGN',
    'http://127.0.0.1/pricing', 'success', '${iso(-30 * DAY_MS)}', '${iso(-30 * DAY_MS)}' FROM n;
${n} INSERT INTO subscriptions (user_id, period_end, authorization_code, authorization_email, card_brand, card_last4, card_exp_month, card_exp_year)
  SELECT printf('bench-%06d', i), '${iso(2 * DAY_MS)}', printf('AUTH_benchcard%06d', i), printf('bench-%06d@example.ng', i),
    'visa', '4081', '12', '2030' FROM n;
`;
}

/** A long sweep outlasts fetch's five-minute wait for headers; node:http waits as long as it takes. */
function postWithoutTimeout(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: "POST" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on("error", reject);
    call.end();
  });
}

const product = await startProduct();
const seedDir = mkdtempSync(join(tmpdir(), "vox-bench-renewals-"));
try {
  const seedFile = join(seedDir, "seed.sql");
  writeFileSync(seedFile, seedSql(RENEWALS));
  execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", product.stateDir, "--file", seedFile],
    { stdio: "ignore", env: { ...process.env, CI: "1" } },
  );
  const post = (path: string, body?: unknown) =>
    fetch(`${product.baseUrl}/__sandbox${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  if (!(await post("/clock", { advance_days: 2 })).ok) throw new Error("the sandbox clock did not move");
  const started = performance.now();
  const answer = await postWithoutTimeout(`${product.baseUrl}/__sandbox/cron/renewals`);
  const wallMs = performance.now() - started;
  if (answer.status !== 200) throw new Error(`the sweep answered ${answer.status}: ${answer.body}`);
  const report = JSON.parse(answer.body) as {
    renewed: number;
    declined: number;
    skipped: number;
    statements: number;
    roundTrips: number;
  };
  console.log(`renewal sweep of ${RENEWALS.toLocaleString("en")} due renewals`);
  console.log(`  wall time        ${(wallMs / 1000).toFixed(1)} s (${(wallMs / RENEWALS).toFixed(2)} ms a renewal)`);
  console.log(`  D1 statements    ${report.statements.toLocaleString("en")} in ${report.roundTrips} round trips`);
  console.log(`  renewed          ${report.renewed}, declined ${report.declined}, skipped ${report.skipped}`);
  if (report.skipped > 0)
    console.log("  (skipped: claimed by npm start's own scheduled sweep running at the same time)");
} finally {
  rmSync(seedDir, { recursive: true, force: true });
  await product.stop();
}
