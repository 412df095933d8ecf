import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { tooManyAttempts } from "./errors.ts";

export interface RateLimitRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Abuse limits per endpoint, by client IP and by the e-mail address a request names. */
export const RATE_LIMITS = {
  signin: { ip: { limit: 30, windowSeconds: 600 }, email: { limit: 10, windowSeconds: 600 } },
  register: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  forgot: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 900 } },
  verify: { ip: { limit: 30, windowSeconds: 600 }, email: { limit: 15, windowSeconds: 600 } },
  contact: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
} as const satisfies Record<string, { ip: RateLimitRule; email: RateLimitRule }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/**
 * Paid provider calls per signed-in user, generous for real work but a ceiling on a runaway
 * script or a shared token. Counted in D1 with the session check (`worker/auth/tool-gate.ts`).
 */
export const TOOL_RATE_LIMITS = {
  tts: { limit: 300, windowSeconds: 3600 },
  voiceConversion: { limit: 120, windowSeconds: 3600 },
  sentiment: { limit: 60, windowSeconds: 3600 },
  pressRelease: { limit: 30, windowSeconds: 3600 },
  /** One ticket opens one live transcription session. */
  liveTicket: { limit: 60, windowSeconds: 600 },
  /** A voice token lives 30 minutes and a page needs one per conversation. */
  voiceToken: { limit: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one attempt against `scope:key`; past the rule's limit it answers 429 with Retry-After. */
export async function enforceRateLimit(env: Env, scope: string, key: string, rule: RateLimitRule): Promise<void> {
  const limiter = env.RATE_LIMITER.getByName(`${scope}:${key}`);
  const decision = await limiter.hit(rule.limit, rule.windowSeconds);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}

/** Cloudflare sets CF-Connecting-IP on every request it forwards; local runs share one bucket. */
export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "local";
}

export async function limitAction(c: Context<AppEnv>, action: RateLimitedAction, email?: string) {
  const rules = RATE_LIMITS[action];
  await enforceRateLimit(c.env, action, `ip:${clientIp(c)}`, rules.ip);
  if (email) await enforceRateLimit(c.env, action, `email:${email}`, rules.email);
}
