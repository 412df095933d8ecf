import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { parseMp3Format, synthesiseMp3Stream, wordsOf } from "./synth-mp3.ts";

/**
 * Emulates ElevenLabs' voices, text-to-speech (streamed) and speech-to-speech endpoints under the
 * same paths, with its `xi-api-key` header and its `{detail: {status, message}}` errors.
 */
export const sandboxElevenLabs = new Hono<AppEnv>();

export const SANDBOX_VOICES = [
  {
    voice_id: "sbxAdaezeWarm01",
    name: "Adaeze",
    baseHz: 210,
    labels: { accent: "nigerian", gender: "female", use_case: "narration" },
  },
  {
    voice_id: "sbxTundeNews002",
    name: "Tunde",
    baseHz: 120,
    labels: { accent: "nigerian", gender: "male", use_case: "news" },
  },
  {
    voice_id: "sbxAmaraBright3",
    name: "Amara",
    baseHz: 240,
    labels: { accent: "british", gender: "female", use_case: "advertising" },
  },
  {
    voice_id: "sbxChidiCalm004",
    name: "Chidi",
    baseHz: 105,
    labels: { accent: "nigerian", gender: "male", use_case: "education" },
  },
  {
    voice_id: "sbxZainabClear5",
    name: "Zainab",
    baseHz: 225,
    labels: { accent: "american", gender: "female", use_case: "conversational" },
  },
] as const;

const detail = (status: 400 | 401 | 404 | 422, code: string, message: string) =>
  Response.json({ detail: { status: code, message } }, { status });

sandboxElevenLabs.use("/v1/*", async (c, next) => {
  if (c.req.header("xi-api-key") !== sandboxKey("elevenlabs")) {
    return detail(401, "invalid_api_key", "Invalid API key");
  }
  await next();
});

sandboxElevenLabs.get("/v1/voices", (c) => {
  const origin = new URL(c.req.url).origin;
  return c.json({
    voices: SANDBOX_VOICES.map(({ voice_id, name, labels }) => ({
      voice_id,
      name,
      category: "premade",
      labels,
      preview_url: `${origin}/__sandbox/elevenlabs/previews/${voice_id}.mp3`,
    })),
  });
});

function findVoice(voiceId: string) {
  return SANDBOX_VOICES.find((voice) => voice.voice_id === voiceId);
}

const ttsBody = z.object({
  text: z.string().min(1),
  model_id: z.string().min(1).optional(),
  voice_settings: z
    .object({ stability: z.number().min(0).max(1), similarity_boost: z.number().min(0).max(1) })
    .partial()
    .optional(),
});

const MP3_HEADERS = { "content-type": "audio/mpeg" };

async function textToSpeech(c: Context<AppEnv>) {
  const voice = findVoice(c.req.param("voiceId") ?? "");
  if (!voice) return detail(400, "voice_not_found", "A voice with the voice_id was not found.");
  const format = parseMp3Format(c.req.query("output_format") ?? "mp3_44100_128");
  if (!format) return detail(422, "invalid_output_format", "output_format is not a supported mp3 format.");
  const body = ttsBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return detail(422, "invalid_request", body.error.issues[0]?.message ?? "Invalid body");
  return new Response(synthesiseMp3Stream(wordsOf(body.data.text), voice.baseHz, format), { headers: MP3_HEADERS });
}

sandboxElevenLabs.post("/v1/text-to-speech/:voiceId/stream", (c) => textToSpeech(c));
sandboxElevenLabs.post("/v1/text-to-speech/:voiceId", (c) => textToSpeech(c));

/** Converted audio lasts about as long as the upload (estimated from its size at ~128 kbps). */
sandboxElevenLabs.post("/v1/speech-to-speech/:voiceId/stream", async (c) => {
  const voice = findVoice(c.req.param("voiceId"));
  if (!voice) return detail(400, "voice_not_found", "A voice with the voice_id was not found.");
  const format = parseMp3Format(c.req.query("output_format") ?? "mp3_44100_128");
  if (!format) return detail(422, "invalid_output_format", "output_format is not a supported mp3 format.");
  const form = await c.req.formData().catch(() => null);
  const audio = form?.get("audio");
  if (!(audio instanceof File) || audio.size === 0) return detail(422, "invalid_request", "audio is required");
  const seconds = Math.max(1, Math.min(600, audio.size / 16_000));
  const words = Array.from({ length: Math.ceil(seconds * 2.5) }, (_, i) => `w${i}${i % 9 === 8 ? "." : ""}`);
  return new Response(synthesiseMp3Stream(words, voice.baseHz, format), { headers: MP3_HEADERS });
});

// Previews are public files on the real service too (no key needed).
sandboxElevenLabs.get("/previews/:file{[A-Za-z0-9]+\\.mp3}", (c) => {
  const voice = findVoice(c.req.param("file").replace(/\.mp3$/, ""));
  if (!voice) return c.text("Not found", 404);
  const words = wordsOf(`Hello, I am ${voice.name}. This is how I sound.`);
  return new Response(synthesiseMp3Stream(words, voice.baseHz, { sampleRate: 22050, kbps: 32 }), {
    headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=86400" },
  });
});
