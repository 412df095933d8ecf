import type { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * What a production build gets for `@vox/sandbox` (wrangler.toml aliases it here): no emulators and
 * none of their code, so a deployed Worker cannot answer a sandbox path whatever its settings say.
 */
export function mountSandbox(_app: Hono<AppEnv>, _path: string): boolean {
  return false;
}
