import type { TestProject } from "vitest/node";
import { ensureBrowser } from "../../scripts/chromium.ts";
import { type RunningServer, startProduct } from "../../scripts/product-server.ts";

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
  readonly started: Promise<RunningServer>;
  users: number;
}
const SHARED = Symbol.for("vox.e2e.productServer");
const shared = globalThis as { [SHARED]?: SharedServer };

export default async function setup(project: TestProject) {
  const chromiumPath = ensureBrowser();
  shared[SHARED] ??= { started: startProduct({ passwordHashCost: "test" }), users: 0 };
  const entry = shared[SHARED];
  entry.users++;
  const server = await entry.started;
  project.provide("baseUrl", server.baseUrl);
  project.provide("chromiumPath", chromiumPath);
  project.provide("stateDir", server.stateDir);
  return async () => {
    entry.users--;
    if (entry.users > 0) return;
    delete shared[SHARED];
    await server.stop();
  };
}
