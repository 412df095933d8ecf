import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { collect, OWN_SPEECH_STORED_SQL, recordAudioItem, ttsAudioKey, ttsDigest } from "../audio/store.ts";
import { cachedVoices } from "../audio/voices.ts";
import { sessionKey } from "../auth/sessions.ts";
import { passGate } from "../auth/tool-gate.ts";
import { ttsBody } from "../contracts/tts.ts";
import { TTS_MODEL_ID, TTS_OUTPUT_FORMAT, TTS_VOICE_SETTINGS } from "../contracts/tts-constants.ts";
import { ApiError, providerUnavailable } from "../errors.ts";
import { SpeechProviderError, streamSpeech } from "../providers/elevenlabs.ts";
import { jsonBody, jsonBodyLimit } from "../validate.ts";

export const tts = new Hono<AppEnv>();

tts.get("/voices", async (c) => c.json({ voices: await cachedVoices(c) }));

const audioHeaders = (cache: "hit" | "miss", id: string) => ({
  "content-type": "audio/mpeg",
  "cache-control": "no-store",
  "x-vox-cache": cache,
  "x-vox-audio-id": id,
});

/**
 * Streams speech to the browser as the provider produces it. A copy is written to R2 under the
 * user's own content address after the stream ends, so the same request from the same account
 * later costs no provider call (`X-Vox-Cache: hit`); another account's request is generated
 * afresh. Either way the generation lands in the user's history.
 */
tts.post("/", jsonBodyLimit, jsonBody(ttsBody), async (c) => {
  const { text, voice_id } = c.req.valid("json");
  const digest = await ttsDigest({
    text,
    voice_id,
    model: TTS_MODEL_ID,
    settings: TTS_VOICE_SETTINGS,
    format: TTS_OUTPUT_FORMAT,
  });
  // Session, plan and allowance (one D1 batch) and the voice list (edge cache) do not depend on
  // each other. Audio the user already generated is free, so the batch counts the call only when
  // none of their history items holds this digest.
  const session = await sessionKey(c);
  const gate = passGate(c, "tts", { key: session, freeWhen: { sql: OWN_SPEECH_STORED_SQL, param: digest } });
  const voicesLookup = cachedVoices(c);
  voicesLookup.catch(() => undefined); // a refused session answers first; its lookup is dropped
  const passed = await gate;
  if (!(await voicesLookup).some((voice) => voice.voice_id === voice_id)) {
    throw new ApiError(400, "unknown_voice", "That voice is not available. Choose another one.", {
      voice_id: ["Choose a voice from the list"],
    });
  }
  // The key holds the account, which only the gate's answer names, so a hit reads R2 after it: a
  // second round trip, but only when the batch found the user's own copy, and shorter than the
  // provider call it saves. A counted call has no copy of its own and goes straight to the provider.
  const key = ttsAudioKey(c.var.user.id, digest);
  const cached = passed.counted ? null : await c.env.AUDIO.get(key);
  const id = crypto.randomUUID();
  const item = {
    id,
    user_id: c.var.user.id,
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
  let audio: ReadableStream<Uint8Array>;
  try {
    audio = await streamSpeech(c.var.provider("elevenlabs"), {
      voiceId: voice_id,
      text,
      modelId: TTS_MODEL_ID,
      outputFormat: TTS_OUTPUT_FORMAT,
      voiceSettings: TTS_VOICE_SETTINGS,
    });
  } catch (error) {
    if (error instanceof SpeechProviderError) throw providerUnavailable("speech", error);
    throw error;
  }
  const [toClient, toStore] = audio.tee();
  c.executionCtx.waitUntil(
    collect(toStore)
      .then(async (bytes) => {
        await c.env.AUDIO.put(key, bytes, { httpMetadata: { contentType: "audio/mpeg" } });
        await recordAudioItem(c.env.DB, { ...item, bytes: bytes.length });
      })
      .catch((error: unknown) => console.error("[tts] storing the generated audio failed", error)),
  );
  return new Response(toClient, { headers: audioHeaders("miss", id) });
});
