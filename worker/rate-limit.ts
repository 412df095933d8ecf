import { ApiError } from "./errors.ts";

export interface RateLimitRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Counts one attempt against `scope:key`; past the rule's limit it answers 429 with Retry-After. */
export async function enforceRateLimit(env: Env, scope: string, key: string, rule: RateLimitRule): Promise<void> {
  const limiter = env.RATE_LIMITER.getByName(`${scope}:${key}`);
  const decision = await limiter.hit(rule.limit, rule.windowSeconds);
  if (!decision.allowed) {
    throw new ApiError(
      429,
      "rate_limited",
      `Too many attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
      undefined,
      { "Retry-After": String(decision.retryAfterSeconds) },
    );
  }
}
