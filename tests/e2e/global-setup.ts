import type { TestProject } from "vitest/node";
import { ensureBrowser } from "../../scripts/chromium.ts";
import { startProduct } from "../../scripts/product-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** Where the product server keeps its local D1/R2/DO data, for tests that age records. */
    stateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureBrowser();
  const server = await startProduct({ passwordHashCost: "test" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("chromiumPath", chromiumPath);
  project.provide("stateDir", server.stateDir);
  return () => server.stop();
}
