import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { providerUnavailable } from "../errors.ts";
import { listVoices, SpeechProviderError, type Voice } from "../providers/elevenlabs.ts";

/** The speech provider's voices, which every tool that makes speech offers and checks a choice against. */

const VOICES_TTL_SECONDS = 3600;

export function voicesCacheKey(providerBaseUrl: string): Request {
  return new Request(`https://cache.vox.internal/voices?base=${encodeURIComponent(providerBaseUrl)}`);
}

/** The provider's voice list, kept in the edge cache for an hour (keyed by provider base URL). */
export async function cachedVoices(c: Context<AppEnv>): Promise<Voice[]> {
  const endpoint = c.var.provider("elevenlabs");
  const cacheKey = voicesCacheKey(endpoint.baseUrl);
  const cache = c.var.edgeCache;
  const hit = await cache.match(cacheKey);
  if (hit) return ((await hit.json()) as { voices: Voice[] }).voices;
  let voices: Voice[];
  try {
    voices = await listVoices(endpoint);
  } catch (error) {
    if (error instanceof SpeechProviderError) throw providerUnavailable("speech", error);
    throw error;
  }
  const stored = Response.json({ voices }, { headers: { "cache-control": `public, max-age=${VOICES_TTL_SECONDS}` } });
  c.executionCtx.waitUntil(cache.put(cacheKey, stored));
  return voices;
}
