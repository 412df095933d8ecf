import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { pingDatabase } from "./d1.ts";

export const health = new Hono<AppEnv>();

async function reachable(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    console.error("[health] binding unreachable", error);
    return false;
  }
}

health.get("/", async (c) => {
  const [db, audio, rateLimiter] = await Promise.all([
    reachable(() => pingDatabase(c.env.DB)),
    reachable(() => c.env.AUDIO.head("health-probe")),
    reachable(() => c.env.RATE_LIMITER.getByName("health").ping()),
  ]);
  const ok = db && audio && rateLimiter;
  return c.json({ ok, sandbox: c.var.config.sandbox, bindings: { db, audio, rateLimiter } }, ok ? 200 : 503);
});
