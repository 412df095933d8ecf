import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../worker/core/errors.ts";
import { enforceRateLimit } from "../../worker/core/rate-limit.ts";
import type { RateLimiter } from "../../worker/core/rate-limiter.ts";

describe("RateLimiter Durable Object", () => {
  it("allows `limit` hits per window, then refuses with a retry delay", async () => {
    const limiter = env.RATE_LIMITER.getByName("test:window");
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(3, 60));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart", async () => {
    await env.RATE_LIMITER.getByName("test:a").hit(1, 60);
    expect((await env.RATE_LIMITER.getByName("test:a").hit(1, 60)).allowed).toBe(false);
    expect((await env.RATE_LIMITER.getByName("test:b").hit(1, 60)).allowed).toBe(true);
  });

  it("forgets the window when its alarm fires, so the key starts fresh", async () => {
    const stub = env.RATE_LIMITER.getByName("test:alarm");
    await stub.hit(1, 60);
    expect((await stub.hit(1, 60)).allowed).toBe(false);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance: RateLimiter, state) => {
      expect(await state.storage.get("window")).toBeUndefined();
    });
    expect((await stub.hit(1, 60)).allowed).toBe(true);
    expect((await listDurableObjectIds(env.RATE_LIMITER)).length).toBeGreaterThan(0);
  });
});

describe("enforceRateLimit", () => {
  it("throws a 429 ApiError with Retry-After once the rule is exceeded", async () => {
    const rule = { limit: 2, windowSeconds: 30 };
    await enforceRateLimit(env, "signin", "ip:10.0.0.1", rule);
    await enforceRateLimit(env, "signin", "ip:10.0.0.1", rule);
    const error = await enforceRateLimit(env, "signin", "ip:10.0.0.1", rule).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number((error as ApiError).headers?.["Retry-After"])).toBeGreaterThan(0);
  });
});
