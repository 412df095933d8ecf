import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where local D1, R2 and Durable Object data live between runs (tests point it elsewhere). */
const STATE_DIR = process.env.VOX_STATE_DIR ?? ".wrangler/state";

const SECRET_NAMES = [
  "ELEVENLABS_API_KEY",
  "DEEPGRAM_API_KEY",
  "ASSEMBLYAI_API_KEY",
  "SPITCH_API_KEY",
  "PAYSTACK_SECRET_KEY",
  "MAIL_API_KEY",
  "HUME_API_KEY",
  "HUME_SECRET_KEY",
  "MAIL_WEBHOOK_SECRET",
] as const;

export function readDevVars(): Map<string, string> {
  const vars = new Map<string, string>();
  if (!existsSync(".dev.vars")) return vars;
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) vars.set(match[1], match[2]?.replace(/^"(.*)"$/, "$1") ?? "");
  }
  return vars;
}

/**
 * wrangler.toml holds production settings. Locally the sandbox is on and the environment is
 * development, unless .dev.vars says otherwise (how a developer opts into real providers).
 */
function localVarArgs(): string[] {
  const devVars = readDevVars();
  const defaults = { SANDBOX: "1", ENVIRONMENT: "development" };
  const args = Object.entries(defaults).flatMap(([name, value]) =>
    devVars.has(name) ? [] : ["--var", `${name}:${value}`],
  );
  // Set only by the test harness (scripts/product-server.ts), never by `npm start` itself.
  const testCost = process.env.VOX_PASSWORD_HASH_COST;
  if (testCost) args.push("--var", `PASSWORD_HASH_COST:${testCost}`);
  // Set only by `npm run bench:captions -- --seats-per-object N`, to compare one object with shards.
  const seats = process.env.VOX_CAPTION_SEATS_PER_OBJECT;
  if (seats) args.push("--var", `CAPTION_SEATS_PER_OBJECT:${seats}`);
  return args;
}

/** Without .dev.vars the sandbox needs no keys; empty values keep wrangler from warning they are missing. */
export function localEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    // Local runs need no request.cf data from Cloudflare, and this machine may have no internet.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  };
  if (!existsSync(".dev.vars")) for (const name of SECRET_NAMES) env[name] ??= "";
  return env;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = localEnv()): void {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const MIGRATIONS_DIR = "worker/migrations";
/** wrangler's own table of applied migrations, in its own shape, so `wrangler d1 migrations` reads it too. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

function d1Local(args: readonly string[], stdio: "inherit" | "pipe"): string {
  // CI=1 answers wrangler's confirmation prompts, which would otherwise wait for a TTY.
  const result = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, ...args], {
    stdio: ["ignore", stdio, "inherit"],
    env: { ...localEnv(), CI: "1" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(`\nwrangler d1 execute ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? "";
}

/**
 * Applies local D1's pending migrations in one batch. `wrangler d1 migrations apply --local` starts
 * a local database for each migration, about a second each: 47 took 44 of a fresh `npm start`'s
 * 58 s. The batch is what wrangler runs for each (the file, then its row in `d1_migrations`), all in
 * one transaction, so a failing migration leaves the database as it was.
 */
export function applyMigrations(): void {
  const listed = JSON.parse(
    d1Local(["--json", "--command", `${MIGRATIONS_TABLE} SELECT name FROM "d1_migrations" ORDER BY id;`], "pipe"),
  ) as { results: { name: string }[] }[];
  const applied = new Set(listed.at(-1)?.results.map(({ name }) => name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  if (pending.length === 0) return;
  const batch = pending.map(
    (name) =>
      `${readFileSync(join(MIGRATIONS_DIR, name), "utf8")}\nINSERT INTO "d1_migrations" (name) VALUES ('${name.replace(/'/g, "''")}');`,
  );
  const file = join(mkdtempSync(join(tmpdir(), "vox-migrations-")), "pending.sql");
  writeFileSync(file, batch.join("\n"));
  console.log(`Applying ${pending.length} migration(s) to local D1: ${pending.join(", ")}`);
  d1Local(["--file", file], "pipe");
  rmSync(file, { force: true });
}

export function ensureAssetsDir(): void {
  mkdirSync("dist/site", { recursive: true });
}

/** wrangler.toml builds for production, without the sandbox; local runs put its emulators back. */
const DEVELOPMENT_BUILD_ARGS = ["--tsconfig", "worker/tsconfig.sandbox.json"] as const;

export function wranglerDevArgs(port: string): string[] {
  return [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--persist-to",
    STATE_DIR,
    "--show-interactive-dev-session=false",
    ...DEVELOPMENT_BUILD_ARGS,
    ...localVarArgs(),
  ];
}

/** Starts long-running children and stops them all when this process is asked to stop. */
export function supervise(children: Array<[string, string[], NodeJS.ProcessEnv?]>): void {
  const running: ChildProcess[] = children.map(([command, args, env]) =>
    spawn(command, args, { stdio: "inherit", env: env ?? localEnv() }),
  );
  const stopAll = (signal: NodeJS.Signals) => {
    for (const child of running) if (child.exitCode === null) child.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAll(signal));
  for (const child of running) {
    child.on("exit", (code) => {
      stopAll("SIGTERM");
      process.exitCode = code ?? 0;
    });
  }
}

/** How often local runs do the Worker's scheduled work (production: `[triggers] crons` in wrangler.toml). */
const LOCAL_SCHEDULE_MS = 30_000;

/**
 * `wrangler dev` fires no cron triggers, and the local Workflows engine does not wake a job that a
 * restart cut off: the scheduled work (expired uploads, stalled jobs) is asked for here, as soon as
 * the Worker answers and then every 30 s. With real providers (SANDBOX=0 in .dev.vars) the sandbox
 * route is absent and this does nothing.
 */
export function runScheduleLocally(port: string): void {
  // A bench that starts its own sweeps turns this off, so no other sweep shares (and blurs) its work.
  if (process.env.VOX_LOCAL_SCHEDULE === "off") return;
  const tick = () =>
    fetch(`http://127.0.0.1:${port}/__sandbox/scheduled`, { method: "POST" }).then(
      (response) => response.ok,
      () => false,
    );
  const untilFirst = setInterval(async () => {
    if (!(await tick())) return;
    clearInterval(untilFirst);
    setInterval(tick, LOCAL_SCHEDULE_MS).unref();
  }, 1000);
  untilFirst.unref();
}
