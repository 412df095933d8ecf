import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireTool } from "../billing/tool-gate.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { readUpload } from "../core/read-upload.ts";
import { SpeechProviderError, streamConversion } from "../providers/elevenlabs.ts";
import { requireRoute } from "../routing.ts";
import { STS_MODEL_ID, TTS_OUTPUT_FORMAT, VOICE_CONVERSION_MAX_BYTES } from "./contracts/tts-constants.ts";
import { collect, keepGeneratedAudio } from "./store.ts";
import { cachedVoices } from "./voices.ts";

/** `POST /api/voice-conversion` multipart `{audio, voice_id, language?}` (English only): streams the converted mp3 back. */
export const voiceConversion = new Hono<AppEnv>();

voiceConversion.post("/", requireTool("voiceConversion"), async (c) => {
  const { file: audio, form } = await readUpload(c, {
    field: "audio",
    maxBytes: VOICE_CONVERSION_MAX_BYTES,
    accepts: (type) => type.startsWith("audio/"),
    missing: "Choose or record some audio first.",
    wrongType: "Only audio files can be converted.",
  });
  requireRoute("voiceConversion", form.get("language"));
  const voiceId = form.get("voice_id");
  if (typeof voiceId !== "string" || !(await cachedVoices(c)).some((voice) => voice.voice_id === voiceId)) {
    throw new ApiError(400, "unknown_voice", "Choose a voice from the list.", {
      voice_id: ["Choose a voice from the list"],
    });
  }

  let converted: ReadableStream<Uint8Array>;
  try {
    converted = await streamConversion(c.var.provider("elevenlabs"), {
      voiceId,
      audio,
      modelId: STS_MODEL_ID,
      outputFormat: TTS_OUTPUT_FORMAT,
    });
  } catch (error) {
    if (!(error instanceof SpeechProviderError)) throw error;
    throw providerUnavailable("speech", error);
  }
  const id = crypto.randomUUID();
  const key = `voice-conversion/${id}.mp3`;
  const [toClient, toStore] = converted.tee();
  c.executionCtx.waitUntil(
    collect(toStore)
      .then((bytes) =>
        keepGeneratedAudio(
          c.env,
          {
            id,
            user_id: c.var.account.id,
            created_by: c.var.user.id,
            kind: "voice-conversion",
            voice_id: voiceId,
            text: audio.name || "Recording",
            characters: 0,
            r2_key: key,
          },
          bytes,
        ),
      )
      .catch((error: unknown) => console.error("[voice-conversion] storing the result failed", error)),
  );
  return new Response(toClient, {
    headers: { "content-type": "audio/mpeg", "cache-control": "no-store", "x-vox-audio-id": id },
  });
});
