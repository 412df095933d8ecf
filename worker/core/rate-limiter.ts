import { DurableObject } from "cloudflare:workers";

interface RateLimitDecision {
  readonly allowed: boolean;
  readonly remaining: number;
  readonly retryAfterSeconds: number;
}

interface Window {
  readonly startedAt: number;
  readonly count: number;
}

/**
 * One instance per limited key (e.g. "signin:ip:1.2.3.4"), so counts survive isolate restarts and
 * are consistent across every Worker instance. Fixed windows: simple, and good enough for abuse
 * limits measured in tries per minutes.
 */
export class RateLimiter extends DurableObject<Env> {
  async hit(limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const windowMs = windowSeconds * 1000;
    let window = await this.ctx.storage.get<Window>("window");
    if (!window || now >= window.startedAt + windowMs) {
      window = { startedAt: now, count: 0 };
      // Storage is dropped when the window ends, so idle keys cost nothing.
      await this.ctx.storage.setAlarm(now + windowMs);
    }
    if (window.count >= limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      return { allowed: false, remaining: 0, retryAfterSeconds };
    }
    const count = window.count + 1;
    await this.ctx.storage.put("window", { startedAt: window.startedAt, count });
    return { allowed: true, remaining: limit - count, retryAfterSeconds: 0 };
  }

  /** Starts the count again, as if the window had ended. */
  async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Liveness probe for /api/health: proves the namespace is bound and an instance answers. */
  async ping(): Promise<true> {
    return true;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
