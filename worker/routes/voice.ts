import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireActivePlan } from "../auth/require-plan.ts";
import { ApiError } from "../errors.ts";
import { fetchAccessToken, VoiceTokenError } from "../providers/hume.ts";
import { enforceRateLimit, type RateLimitRule } from "../rate-limit.ts";

export const voice = new Hono<AppEnv>();

/** A token lives 30 minutes; a page needs one per conversation, so this only stops abuse. */
export const VOICE_TOKEN_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 600 };

/**
 * Trades the Worker's voice-API key pair for a short-lived access token the browser can open the
 * voice-API socket with; the secret itself never leaves the Worker.
 */
voice.post("/token", requireActivePlan, async (c) => {
  await enforceRateLimit(c.env, "voice-token", `user:${c.var.user.id}`, VOICE_TOKEN_LIMIT);
  try {
    const token = await fetchAccessToken(c.var.provider("hume"));
    return c.json(token, 200, { "cache-control": "no-store" });
  } catch (error) {
    if (!(error instanceof VoiceTokenError)) throw error;
    console.error("[voice] token exchange failed", error);
    throw new ApiError(
      502,
      "voice_provider_unavailable",
      "The voice service is not answering. Please try again shortly.",
    );
  }
});
