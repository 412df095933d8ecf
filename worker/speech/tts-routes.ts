import { type Context, Hono } from "hono";
import { sessionKey } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { assertActivePlan } from "../billing/require-plan.ts";
import { passGate } from "../billing/tool-gate.ts";
import { API } from "../contracts/api-paths.ts";
import { LANGUAGE_NAMES, type Language } from "../contracts/languages.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import { enforceRateLimit, HELPER_RATE_LIMITS } from "../core/rate-limit.ts";
import { charactersBodyLimit, jsonBody } from "../core/validate.ts";
import { SpeechProviderError, streamSpeech } from "../providers/elevenlabs.ts";
import { addToneMarks, SpitchError, streamSpitchSpeech } from "../providers/spitch.ts";
import { speechProvider } from "../routing.ts";
import { toneMarksBody, ttsBody, voicesQuery } from "./contracts/tts.ts";
import { TTS_MAX_CHARACTERS, TTS_MODEL_ID, TTS_OUTPUT_FORMAT, TTS_VOICE_SETTINGS } from "./contracts/tts-constants.ts";
import { collect, keepGeneratedAudio, ownSpeechStoredSql, recordAudioItem, ttsAudioKey, ttsDigest } from "./store.ts";
import { cachedVoices, spitchVoice, voicesFor } from "./voices.ts";

export const tts = new Hono<AppEnv>();

/** The product promises 10,000 characters, of any script: 64,096 bytes. */
const ttsBodyLimit = charactersBodyLimit(TTS_MAX_CHARACTERS);

tts.get(API.tts.at.voices, async (c) => {
  const query = voicesQuery.safeParse(c.req.query());
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? "Choose a language from the list";
    throw new ApiError(400, "validation_failed", `language: ${message}`, { language: [message] });
  }
  return c.json({ voices: await voicesFor(c, query.data.language) });
});

function voiceLanguageMismatch(voiceLanguage: Language, language: Language): ApiError {
  return new ApiError(
    400,
    "voice_language_mismatch",
    `That voice speaks ${LANGUAGE_NAMES[voiceLanguage]}, not ${LANGUAGE_NAMES[language]}. Choose a voice for ${LANGUAGE_NAMES[language]}.`,
    { voice_id: [`Choose a voice for ${LANGUAGE_NAMES[language]}`] },
  );
}

/**
 * Speech through the provider the routing table gives the language: ElevenLabs for English as
 * before, Spitch for the languages its fixed voices were made for. The voice was checked against
 * that provider's voices before.
 */
async function speak(c: Context<AppEnv>, language: Language, voiceId: string, text: string) {
  const provider = speechProvider(language);
  const spitch = spitchVoice(voiceId);
  try {
    if (provider === "spitch" && spitch) {
      return await streamSpitchSpeech(c.var.provider("spitch"), { voice: spitch.voice_id, text, language });
    }
    if (provider !== "elevenlabs") throw new Error(`no ${provider} voice ${voiceId} speaks ${language}`);
    return await streamSpeech(c.var.provider("elevenlabs"), {
      voiceId,
      text,
      modelId: TTS_MODEL_ID,
      outputFormat: TTS_OUTPUT_FORMAT,
      voiceSettings: TTS_VOICE_SETTINGS,
    });
  } catch (error) {
    if (error instanceof SpeechProviderError || error instanceof SpitchError)
      throw providerUnavailable("speech", error);
    throw error;
  }
}

const audioHeaders = (cache: "hit" | "miss", id: string) => ({
  "content-type": "audio/mpeg",
  "cache-control": "no-store",
  "x-vox-cache": cache,
  "x-vox-audio-id": id,
});

/** Lets go of an R2 read the request will not use, its body included. */
function discardRead(c: Context<AppEnv>, read: Promise<R2ObjectBody | null> | null): void {
  if (read) c.executionCtx.waitUntil(read.then((object) => object?.body.cancel()).catch(() => undefined));
}

/**
 * Streams speech to the browser as the provider produces it. A copy is written to R2 under the
 * user's own content address after the stream ends, so the same request from the same account
 * later costs no provider call (`X-Vox-Cache: hit`); another account's request is generated
 * afresh. Either way the generation lands in the user's history.
 */
tts.post("/", ttsBodyLimit, jsonBody(ttsBody), async (c) => {
  const { text, voice_id, language } = c.req.valid("json");
  // The roster is fixed, so a Spitch voice of another language is refused before any round trip.
  const spitch = spitchVoice(voice_id);
  if (spitch && spitch.language !== language) throw voiceLanguageMismatch(spitch.language, language);
  // English keeps the digest it always had, so audio generated before languages stays a hit.
  const digest = await ttsDigest(
    spitch
      ? { text, voice_id, language, provider: "spitch", format: "mp3" }
      : { text, voice_id, model: TTS_MODEL_ID, settings: TTS_VOICE_SETTINGS, format: TTS_OUTPUT_FORMAT },
  );
  // Session, plan and allowance (one D1 batch) and the voice list (edge cache) do not depend on
  // each other. Audio the user already generated is free, so the batch counts the call only when
  // none of their history items holds this digest.
  const session = await sessionKey(c);
  const gate = passGate(c, "tts", { key: session, freeWhen: { sql: ownSpeechStoredSql(session), param: digest } });
  const voicesLookup = spitch ? null : cachedVoices(c);
  voicesLookup?.catch(() => undefined); // a refused session answers first; its lookup is dropped
  // The copy is kept under the workspace: the one the request names, else the person's own, which
  // the token names. Reading it beside the batch makes a hit one round trip, not two. Either name
  // is only a claim until the gate has read the session and the membership.
  const claimed = session.workspaceId ?? session.namedUserId;
  const earlyRead = claimed && UUID.test(claimed) ? c.env.AUDIO.get(ttsAudioKey(claimed, digest)) : null;
  let passed: Awaited<typeof gate>;
  try {
    passed = await gate;
    if (voicesLookup) {
      if (!(await voicesLookup).some((voice) => voice.voice_id === voice_id)) {
        throw new ApiError(400, "unknown_voice", "That voice is not available. Choose another one.", {
          voice_id: ["Choose a voice from the list"],
        });
      }
      if (speechProvider(language) !== "elevenlabs") throw voiceLanguageMismatch("en", language);
    }
  } catch (error) {
    discardRead(c, earlyRead);
    throw error;
  }
  // A counted call has no copy of its own and goes straight to the provider. A token made before
  // tokens named their account reads its copy after the gate: a second round trip.
  const key = ttsAudioKey(c.var.account.id, digest);
  const ownRead = claimed === c.var.account.id ? earlyRead : null;
  if (passed.counted || !ownRead) discardRead(c, earlyRead);
  const cached = passed.counted ? null : await (ownRead ?? c.env.AUDIO.get(key));
  const id = crypto.randomUUID();
  const item = {
    id,
    user_id: c.var.account.id,
    created_by: c.var.user.id,
    kind: "tts" as const,
    voice_id,
    text,
    characters: text.length,
    r2_key: key,
  };

  if (cached) {
    c.executionCtx.waitUntil(
      recordAudioItem(c.env.DB, { ...item, bytes: cached.size }).catch((error: unknown) =>
        console.error("[tts] recording the cached generation failed", error),
      ),
    );
    return new Response(cached.body, { headers: audioHeaders("hit", id) });
  }
  // Its history items said stored, but the audio has just been deleted: a real generation, counted.
  if (!passed.counted) await passGate(c, "tts");
  const audio = await speak(c, language, voice_id, text);
  const [toClient, toStore] = audio.tee();
  c.executionCtx.waitUntil(
    collect(toStore)
      .then((bytes) => keepGeneratedAudio(c.env, item, bytes))
      .catch((error: unknown) => console.error("[tts] storing the generated audio failed", error)),
  );
  return new Response(toClient, { headers: audioHeaders("miss", id) });
});

/**
 * Yorùbá typed without its marks gets them back before it is spoken (Spitch's diacritics service).
 * A provider call, so it passes the tools' gate (409 unverified, 402 without a plan) but is not
 * counted against text-to-speech: it has its own helper limit.
 */
tts.post(API.tts.at.toneMarks, ttsBodyLimit, jsonBody(toneMarksBody), async (c) => {
  assertActivePlan((await passGate(c, null)).account);
  await enforceRateLimit(c.env, "toneMarks", `user:${c.var.user.id}`, HELPER_RATE_LIMITS.toneMarks);
  try {
    const text = await addToneMarks(c.var.provider("spitch"), { language: "yo", text: c.req.valid("json").text });
    return c.json({ text }, 200, { "cache-control": "no-store" });
  } catch (error) {
    if (error instanceof SpitchError) throw providerUnavailable("tone_marks", error);
    throw error;
  }
});
