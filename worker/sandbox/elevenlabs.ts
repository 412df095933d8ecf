import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  audioQuery,
  speechToSpeechFields,
  type statusError,
  textToSpeechRequest,
  type ValidationError,
  type VoicesAnswer,
} from "../providers/contracts/elevenlabs.ts";
import { parseMp3Format, synthesiseMp3Stream, wordsOf } from "./synth-mp3.ts";

/**
 * Emulates ElevenLabs' voices, text-to-speech and speech-to-speech endpoints (streaming and not)
 * under the same paths, with its `xi-api-key` header, its `{detail: {status, message}}` refusals
 * and FastAPI's 422 `{detail: [{loc, msg, type}]}` for a request that breaks the description.
 * Only MP3 output is synthesised; another documented format is refused as unsupported here.
 */
export const sandboxElevenLabs = new Hono<AppEnv>();

/** A voice of the sandbox: its id, name, pitch (Hz) and ElevenLabs' labels. */
const voice = (voice_id: string, name: string, baseHz: number, accent: string, gender: string, use_case: string) =>
  ({ voice_id, name, baseHz, labels: { accent, gender, use_case } }) as const;

const SANDBOX_VOICES = [
  voice("sbxAdaezeWarm01", "Adaeze", 210, "nigerian", "female", "narration"),
  voice("sbxTundeNews002", "Tunde", 120, "nigerian", "male", "news"),
  voice("sbxAmaraBright3", "Amara", 240, "british", "female", "advertising"),
  voice("sbxChidiCalm004", "Chidi", 105, "nigerian", "male", "education"),
  voice("sbxZainabClear5", "Zainab", 225, "american", "female", "conversational"),
];

const detail = (status: 400 | 401 | 404, code: string, message: string) =>
  Response.json({ detail: { status: code, message } } satisfies z.input<typeof statusError>, { status });

/** FastAPI's answer to a request that does not match the schema, field by field. */
function invalid(where: "body" | "query", error: z.ZodError): Response {
  const body: ValidationError = {
    detail: error.issues.map((issue) => ({
      loc: [where, ...issue.path.map((part) => (typeof part === "number" ? part : String(part)))],
      msg: issue.code === "invalid_type" && issue.input === undefined ? "Field required" : issue.message,
      type: issue.code === "invalid_type" && issue.input === undefined ? "missing" : issue.code,
    })),
  };
  return Response.json(body, { status: 422 });
}

function missingFile(field: string): Response {
  const body: ValidationError = { detail: [{ loc: ["body", field], msg: "Field required", type: "missing" }] };
  return Response.json(body, { status: 422 });
}

/** The output format the query asks for, or the refusal to answer. */
function outputFormat(c: Context<AppEnv>) {
  const query = audioQuery.safeParse(c.req.query());
  if (!query.success) return invalid("query", query.error);
  const name = query.data.output_format ?? "mp3_44100_128";
  return (
    parseMp3Format(name) ??
    detail(400, "unsupported_output_format", `The sandbox synthesises MP3 only; ${name} is valid on the real service.`)
  );
}

sandboxElevenLabs.use("/v1/*", async (c, next) => {
  if (c.req.header("xi-api-key") !== sandboxKey("elevenlabs")) {
    return detail(401, "invalid_api_key", "Invalid API key");
  }
  await next();
});

sandboxElevenLabs.get("/v1/voices", (c) => {
  const origin = new URL(c.req.url).origin;
  const answer: VoicesAnswer = {
    voices: SANDBOX_VOICES.map(({ voice_id, name, labels }) => ({
      voice_id,
      name,
      category: "premade",
      labels: { ...labels },
      description: null,
      preview_url: `${origin}/__sandbox/elevenlabs/previews/${voice_id}.mp3`,
      available_for_tiers: [],
      high_quality_base_model_ids: ["eleven_multilingual_v2", "eleven_flash_v2_5", "eleven_turbo_v2_5"],
      settings: null,
      is_legacy: false,
    })),
  };
  return c.json(answer);
});

function findVoice(voiceId: string) {
  return SANDBOX_VOICES.find((voice) => voice.voice_id === voiceId);
}

const MP3_HEADERS = { "content-type": "audio/mpeg" };

async function textToSpeech(c: Context<AppEnv>) {
  const format = outputFormat(c);
  if (format instanceof Response) return format;
  const body = textToSpeechRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) return invalid("body", body.error);
  const voice = findVoice(c.req.param("voiceId") ?? "");
  if (!voice) return detail(400, "voice_not_found", "A voice with the voice_id was not found.");
  if (!body.data.text.trim()) return detail(400, "empty_text", "The text is empty.");
  return new Response(synthesiseMp3Stream(wordsOf(body.data.text), voice.baseHz, format), { headers: MP3_HEADERS });
}

sandboxElevenLabs.post("/v1/text-to-speech/:voiceId/stream", (c) => textToSpeech(c));
sandboxElevenLabs.post("/v1/text-to-speech/:voiceId", (c) => textToSpeech(c));

/** Converted audio lasts about as long as the upload (estimated from its size at ~128 kbps). */
async function speechToSpeech(c: Context<AppEnv>) {
  const format = outputFormat(c);
  if (format instanceof Response) return format;
  const form = await c.req.formData().catch(() => null);
  const audio = form?.get("audio");
  if (!(audio instanceof File)) return missingFile("audio");
  const fields = speechToSpeechFields.safeParse(
    Object.fromEntries([...(form?.entries() ?? [])].filter(([, value]) => typeof value === "string")),
  );
  if (!fields.success) return invalid("body", fields.error);
  const voice = findVoice(c.req.param("voiceId") ?? "");
  if (!voice) return detail(400, "voice_not_found", "A voice with the voice_id was not found.");
  if (audio.size === 0) return detail(400, "invalid_audio", "The audio file is empty.");
  const seconds = Math.max(1, Math.min(600, audio.size / 16_000));
  const words = Array.from({ length: Math.ceil(seconds * 2.5) }, (_, i) => `w${i}${i % 9 === 8 ? "." : ""}`);
  return new Response(synthesiseMp3Stream(words, voice.baseHz, format), { headers: MP3_HEADERS });
}

sandboxElevenLabs.post("/v1/speech-to-speech/:voiceId/stream", (c) => speechToSpeech(c));
sandboxElevenLabs.post("/v1/speech-to-speech/:voiceId", (c) => speechToSpeech(c));

// Previews are public files on the real service too (no key needed).
sandboxElevenLabs.get("/previews/:file{[A-Za-z0-9]+\\.mp3}", (c) => {
  const voice = findVoice(c.req.param("file").replace(/\.mp3$/, ""));
  if (!voice) return c.text("Not found", 404);
  const words = wordsOf(`Hello, I am ${voice.name}. This is how I sound.`);
  return new Response(synthesiseMp3Stream(words, voice.baseHz, { sampleRate: 22050, kbps: 32 }), {
    headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=86400" },
  });
});
