import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { isLanguage, type Language } from "../contracts/languages.ts";
import { providerUnavailable } from "../core/errors.ts";
import { SPITCH_VOICE_LANGUAGE, SPITCH_VOICES, type SpitchVoice } from "../providers/contracts/spitch.ts";
import { listVoices, type ProviderVoice, SpeechProviderError } from "../providers/elevenlabs.ts";
import { speechProvider } from "../routing.ts";
import type { voiceSchema } from "./contracts/tts.ts";

/**
 * The voices every tool that makes speech offers and checks a choice against: ElevenLabs' list
 * for English, Spitch's fixed roster for the other languages (it has no list call, and each voice
 * was made for one language).
 */

export type Voice = z.infer<typeof voiceSchema>;

const VOICES_TTL_SECONDS = 3600;

export function voicesCacheKey(providerBaseUrl: string): Request {
  return new Request(`https://cache.vox.internal/voices?base=${encodeURIComponent(providerBaseUrl)}`);
}

const english = (voices: readonly ProviderVoice[]): Voice[] => voices.map((voice) => ({ ...voice, language: "en" }));

/** The English voice list, kept in the edge cache for an hour (keyed by provider base URL). */
export async function cachedVoices(c: Context<AppEnv>): Promise<Voice[]> {
  const endpoint = c.var.provider("elevenlabs");
  const cacheKey = voicesCacheKey(endpoint.baseUrl);
  const cache = c.var.edgeCache;
  const hit = await cache.match(cacheKey);
  if (hit) return english(((await hit.json()) as { voices: ProviderVoice[] }).voices);
  let voices: ProviderVoice[];
  try {
    voices = await listVoices(endpoint);
  } catch (error) {
    if (error instanceof SpeechProviderError) throw providerUnavailable("speech", error);
    throw error;
  }
  const stored = Response.json({ voices }, { headers: { "cache-control": `public, max-age=${VOICES_TTL_SECONDS}` } });
  c.executionCtx.waitUntil(cache.put(cacheKey, stored));
  return english(voices);
}

const capitalised = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** Spitch's voices for the languages Vox offers (its Amharic voices are left out). */
const SPITCH_ROSTER: readonly Voice[] = SPITCH_VOICES.flatMap((voice) => {
  const language = SPITCH_VOICE_LANGUAGE[voice];
  if (!isLanguage(language) || speechProvider(language) !== "spitch") return [];
  return [{ voice_id: voice, name: capitalised(voice), preview_url: null, labels: { accent: "nigerian" }, language }];
});

export function spitchVoice(voiceId: string): (Voice & { voice_id: SpitchVoice }) | undefined {
  return SPITCH_ROSTER.find((voice): voice is Voice & { voice_id: SpitchVoice } => voice.voice_id === voiceId);
}

/** Every voice, or one language's; English needs the provider's list, the others do not. */
export async function voicesFor(c: Context<AppEnv>, language?: Language): Promise<Voice[]> {
  if (language && speechProvider(language) === "spitch") {
    return SPITCH_ROSTER.filter((voice) => voice.language === language);
  }
  const englishVoices = await cachedVoices(c);
  return language ? englishVoices : [...englishVoices, ...SPITCH_ROSTER];
}
