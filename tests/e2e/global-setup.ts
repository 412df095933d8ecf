import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBrowser } from "../../scripts/chromium.ts";
import { freePort, type RunningServer, startProduct } from "../../scripts/product-server.ts";
import { START_FAILED_NOTE } from "./product-ready.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** Where the product server keeps its local D1/R2/DO data, for tests that age records. */
    stateDir: string;
  }
}

/**
 * Both browser projects (tests/e2e/vitest.config.ts) run this setup, each loading the module
 * afresh, so the one product server and its count of users live on `globalThis`: a second server
 * would build dist/site again while the first serves it.
 */
interface SharedServer {
  readonly baseUrl: string;
  readonly stateDir: string;
  readonly started: Promise<RunningServer | undefined>;
  users: number;
}
const SHARED = Symbol.for("vox.e2e.productServer");
const shared = globalThis as { [SHARED]?: SharedServer };

/**
 * Vitest runs every project's global setup before any test, so awaiting the product's start here
 * (a site build, migrations and wrangler dev: 1–2 minutes on two cores) held back the worker and
 * site files too. The server starts in the background instead, on a port and state directory
 * known at once; each browser file waits for it (product-ready.ts), and a failed start is left as
 * a note there, which that wait reports.
 */
async function startInBackground(): Promise<SharedServer> {
  const port = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), "vox-e2e-state-"));
  const started = startProduct({ port, stateDir, passwordHashCost: "test" }).catch((error: Error) => {
    writeFileSync(join(stateDir, START_FAILED_NOTE), error.message);
    return undefined;
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stateDir, started, users: 0 };
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureBrowser("headless-shell");
  shared[SHARED] ??= await startInBackground();
  const entry = shared[SHARED];
  entry.users++;
  project.provide("baseUrl", entry.baseUrl);
  project.provide("chromiumPath", chromiumPath);
  project.provide("stateDir", entry.stateDir);
  return async () => {
    entry.users--;
    if (entry.users > 0) return;
    delete shared[SHARED];
    await (await entry.started)?.stop();
    rmSync(entry.stateDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
