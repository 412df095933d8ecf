import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningServer {
  readonly baseUrl: string;
  /** `npm start`'s process group: wrangler and the workerd runtime it starts. */
  readonly processGroup: number;
  readonly stateDir: string;
  stop(): Promise<void>;
  /** Kills the whole process group at once (SIGKILL), as a crash would, and keeps the state. */
  crash(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
}

/** Waits until no process of the group is left: killed after 10 s, given up on after 15 s. */
async function groupGone(processGroup: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-processGroup, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; alive() && waited < 15_000; waited += 100) {
    if (waited === 10_000) process.kill(-processGroup, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How long `npm start` may take to answer: a site build and wrangler's first bundle took over 180 s
 * on a two-core machine that was busy with other work, and a slow start is no failure of the product.
 */
const START_TIMEOUT_MS = 480_000;

/**
 * Runs the real `npm start` (site build, migrations, wrangler dev) on a free port, with fresh state
 * or, to start again after a crash, on the state of an earlier run (which `stop` then keeps).
 */
export async function startProduct(
  options: {
    stateDir?: string;
    port?: number;
    startTimeoutMs?: number;
    /**
     * "test" gives new accounts the cheap test hash (the browser tests make many); benches and
     * chaos runs keep production's, which is what they measure.
     */
    passwordHashCost?: "test";
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "vox-e2e-state-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      VOX_STATE_DIR: stateDir,
      ...(options.passwordHashCost ? { VOX_PASSWORD_HASH_COST: options.passwordHashCost } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  // Its own process group outlives this process: a caller stopped before it could call `stop`
  // (vitest interrupted while the product still builds) must not leave wrangler and workerd behind.
  const killOnExit = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  };
  process.once("exit", killOnExit);
  const end = async (signal: NodeJS.Signals) => {
    process.off("exit", killOnExit);
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, signal);
      await exited;
    }
    // npm can exit before the workerd it started, which may still be writing its state.
    if (child.pid) await groupGone(child.pid);
  };
  const stop = async () => {
    await end("SIGTERM");
    if (!options.stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const crash = () => end("SIGKILL");
  try {
    await waitForHealth(baseUrl, child, options.startTimeoutMs ?? START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- npm start output ---\n${output.join("").slice(-4000)}`);
  }
  return { baseUrl, stateDir, stop, crash, processGroup: child.pid ?? 0 };
}

/**
 * Enters the verification code sign-up mailed (read from the sandbox outbox), so a freshly made
 * account has its trial and can use the tools.
 */
async function verifyEmailFromOutbox(base: string, email: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const outbox = await fetch(`${base}/__sandbox/mail/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { subject: string; text: string }[] };
    const code = /\b(\d{6})\b/.exec(messages.find((mail) => mail.subject.includes("verification"))?.text ?? "")?.[1];
    if (code) {
      const verified = await fetch(`${base}/auth/verify-email`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ email, code }),
      });
      if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification code reached ${email}`);
}

/** Resident memory (bytes) of every workerd process in the product's process group. */
export function workerdRss(processGroup: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== processGroup || !stat.includes("(workerd)")) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/** The workerd processes' memory now, and their peak from now until `stop`, sampled every 100 ms. */
export function sampleMemory(processGroup: number) {
  let peak = workerdRss(processGroup);
  const timer = setInterval(() => {
    peak = Math.max(peak, workerdRss(processGroup));
  }, 100);
  const stop = () => {
    clearInterval(timer);
    return peak;
  };
  return { stop, baseline: peak };
}

/** This process's own block of documentation addresses, so benches run again within the hour, or one after another, never share sign-up limits. */
const RUN_PREFIX = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;

/**
 * The `index`th address a bench signs up or connects from: each a /64 of its own, since the
 * Worker counts an IPv6 client by its /64 and limits sign-ups and watching per address.
 */
export function benchAddress(index: number): string {
  return `${RUN_PREFIX}:${index.toString(16)}::1`;
}

/**
 * POSTs JSON as a patient client does: a 503 `server_busy` (the Worker bounds concurrent password
 * hashes) is tried again after its Retry-After.
 */
async function postWhenNotBusy(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    if (response.status !== 503 || attempt === 20) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
  }
}

/**
 * A new account as the benches need it: registered, its e-mail verified from the sandbox outbox,
 * signed in. `headers` carry the JSON content type and the address it signs up from (sign-ups are
 * limited per address). Answers the bearer token.
 */
export async function verifiedAccount(
  base: string,
  email: string,
  headers: Record<string, string>,
  password = "bench password",
): Promise<string> {
  const register = await postWhenNotBusy(`${base}/auth/register`, headers, {
    name: "Bench",
    email,
    phone_number: "08031234567",
    password,
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  await verifyEmailFromOutbox(base, email, headers);
  const signin = await postWhenNotBusy(`${base}/auth/signin`, headers, { email, password });
  if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}`);
  return ((await signin.json()) as { token: string }).token;
}
