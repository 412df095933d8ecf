// `npm run bench:renewals`: seeds accounts whose Monthly plan is due for renewal into a local product
// (`npm start` on fresh state, its own schedule off) and times one renewal sweep per size
// (`BENCH_RENEWALS`, default "1000,10000"): from asking for it (`POST /__sandbox/cron/renewals`) until
// every renewal is charged, settled and its receipt is in the sandbox outbox, with the D1 statements
// and round trips the sweep reports. Charges and e-mails go to the sandbox emulators in-process, so
// the figure is the Worker's own work. Bounded: it gives up after BENCH_RENEWALS_DEADLINE_S seconds
// (default 900) per size.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProduct } from "./product-server.ts";

const SIZES = (process.env.BENCH_RENEWALS ?? "1000,10000").split(",").map(Number);
const DEADLINE_MS = Number(process.env.BENCH_RENEWALS_DEADLINE_S ?? 900) * 1000;
const DAY_MS = 86_400_000;
/** Each size's renewals fall due this many days after the previous size's. */
const DAYS_APART = 2;

/**
 * Accounts, the checkouts that authorized their cards at the sandbox Paystack, and subscriptions
 * ending `dueInDays` from now (not yet due, so they wait for the clock to move).
 */
function seedSql(prefix: string, count: number, dueInDays: number): string {
  const now = new Date();
  const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const n = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const id = `printf('${prefix}-%06d', i)`;
  const email = `printf('${prefix}-%06d@example.ng', i)`;
  const due = iso(dueInDays * DAY_MS);
  return `
${n} INSERT INTO users (id, name, email, phone_number, password_hash, trial_ends_at, plan, subscription_expires_at, created_at)
  SELECT ${id}, 'Bench', ${email}, '08031234567', 'x', '${iso(-30 * DAY_MS)}', 'monthly', '${due}', '${iso(-32 * DAY_MS)}' FROM n;
${n} INSERT INTO sandbox_paystack_transactions (reference, access_code, email, amount, currency, callback_url, status, created_at, paid_at)
  SELECT printf('${prefix}-first-%06d', i), printf('${prefix}card%06d', i), ${email}, 1000000, 'NGN',
    'http://127.0.0.1/pricing', 'success', '${iso(-30 * DAY_MS)}', '${iso(-30 * DAY_MS)}' FROM n;
${n} INSERT INTO subscriptions (user_id, period_end, authorization_code, authorization_email, card_brand, card_last4, card_exp_month, card_exp_year)
  SELECT ${id}, '${due}', printf('AUTH_${prefix}card%06d', i), ${email}, 'visa', '4081', '12', '2030' FROM n;
`;
}

interface SweepReport {
  renewed: number;
  declined: number;
  skipped: number;
  mailed: number;
  statements: number;
  roundTrips: number;
}

interface RenewalCounts {
  pending: number;
  paid: number;
  failed: number;
  receipts_mailed: number;
}

/**
 * One request on a connection of its own: seeding takes longer than the dev server keeps an idle
 * connection open, and a reused one closed meanwhile fails. A long sweep outlasts fetch's five-minute
 * wait for headers; this waits until the deadline.
 */
function send(method: string, url: string, body: unknown, deadline: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method,
        agent: false,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        timeout: Math.max(deadline - Date.now(), 1),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    call.on("timeout", () => call.destroy(new Error(`${method} ${url} did not answer before the bench's deadline`)));
    call.on("error", reject);
    call.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

process.env.VOX_LOCAL_SCHEDULE = "off";
// The site build and migrations alone can take minutes on a busy two-core machine.
const product = await startProduct({ startTimeoutMs: 600_000 });
const seedDir = mkdtempSync(join(tmpdir(), "vox-bench-renewals-"));
const sandbox = (path: string) => `${product.baseUrl}/__sandbox${path}`;
const counts = async () =>
  JSON.parse((await send("GET", sandbox("/renewals"), undefined, Date.now() + 60_000)).body) as RenewalCounts;
let failed = false;
try {
  let done = 0;
  for (const [index, size] of SIZES.entries()) {
    const seedFile = join(seedDir, `seed-${index}.sql`);
    // The billing clock already stands index × DAYS_APART days ahead.
    writeFileSync(seedFile, seedSql(`bench${index}`, size, (index + 1) * DAYS_APART));
    execFileSync(
      "node_modules/.bin/wrangler",
      ["d1", "execute", "DB", "--local", "--persist-to", product.stateDir, "--file", seedFile],
      { stdio: "ignore", env: { ...process.env, CI: "1" } },
    );
    const moved = await send("POST", sandbox("/clock"), { advance_days: DAYS_APART }, Date.now() + 60_000);
    if (moved.status !== 200) throw new Error("the sandbox clock did not move");

    const started = performance.now();
    const deadline = Date.now() + DEADLINE_MS;
    const answer = await send("POST", sandbox("/cron/renewals"), undefined, deadline);
    if (answer.status !== 200) throw new Error(`the sweep answered ${answer.status}: ${answer.body}`);
    const report = JSON.parse(answer.body) as SweepReport;
    let seen = await counts();
    while ((seen.paid < done + size || seen.receipts_mailed < done + size) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await counts();
    }
    const wallMs = performance.now() - started;
    const complete = seen.paid >= done + size && seen.receipts_mailed >= done + size;
    done += size;

    console.log(
      `renewal sweep of ${size.toLocaleString("en")} due renewals${complete ? "" : " (NOT FINISHED by the deadline)"}`,
    );
    console.log(
      `  charged, settled and mailed in ${(wallMs / 1000).toFixed(1)} s (${(wallMs / size).toFixed(2)} ms a renewal)`,
    );
    console.log(`  D1 statements    ${report.statements.toLocaleString("en")} in ${report.roundTrips} round trips`);
    console.log(`  renewed          ${report.renewed}, declined ${report.declined}, skipped ${report.skipped}`);
    console.log(`  e-mails sent     ${report.mailed}; renewal orders paid ${seen.paid}, pending ${seen.pending}`);
    if (!complete) {
      failed = true;
      break;
    }
  }
} finally {
  rmSync(seedDir, { recursive: true, force: true });
  await product.stop();
}
if (failed) process.exitCode = 1;
