import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * Which emulator each provider call reached, in order, in this isolate: the routing test reads it
 * to see what the code sent rather than what the table says. Only the sandbox records; it holds
 * a method, a provider and a path, never a body or a key.
 */
const calls: string[] = [];

/** `npm start` runs for days; the routing test reads a handful of calls at a time. */
const KEPT_CALLS = 1000;

export function recordProviderCalls(provider: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    calls.push(`${c.req.method} ${provider} ${new URL(c.req.url).pathname.replace(/^.*?\/__sandbox\/[^/]+/, "")}`);
    if (calls.length > KEPT_CALLS) calls.splice(0, calls.length - KEPT_CALLS);
    await next();
  };
}

/** The calls recorded since the last time they were taken. */
export function takeProviderCalls(): string[] {
  return calls.splice(0);
}
