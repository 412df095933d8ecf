import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  diacriticsRequest,
  type ErrorBody,
  SPEECH_LANGUAGES,
  SPITCH_VOICES,
  speechRequest,
  type TextAnswer,
  TONE_MARK_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_MAX_BYTES,
  TRANSLATION_LANGUAGES,
  type TranscriptionAnswer,
  transcriptionFields,
  translateRequest,
} from "../providers/contracts/spitch.ts";
import { takeFault } from "./faults.ts";
import { voicePrint } from "./heard-speech.ts";
import { spellAsHinted } from "./hinted-spelling.ts";
import { MediaFetchError, type MediaProbe, probeStream, probeUrl } from "./media-probe.ts";
import { hear, looksLikeMedia, pcmSamplesOf } from "./speech-corpus.ts";
import {
  briefingSentence,
  CORPUS_LANGUAGES,
  type CorpusLanguage,
  restoreToneMarks,
  translateText,
} from "./spitch-corpus.ts";
import { synthesiseMp3Stream, wordsOf } from "./synth-mp3.ts";

/**
 * Emulates Spitch's speech, transcription, translation and tone-mark endpoints under the same
 * paths, with `Authorization: Bearer <key>` and the documented `{error: {message, type, code}}`
 * refusals: 422 for a request the SDK's types refuse, 400 for a language the service does not
 * offer there. Answers carry every field the SDK declares. Speech is synthesised as MP3 only.
 * Transcripts spell `special_words` as given.
 */
export const sandboxSpitch = new Hono<AppEnv>();

const refuse = (status: 400 | 401 | 404 | 413 | 422, type: string, code: string, message: string) =>
  Response.json({ error: { message, type, code } } satisfies ErrorBody, { status });

const invalid = (error: z.ZodError) =>
  refuse(
    422,
    "validation_error",
    "invalid_request",
    error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; "),
  );

const unsupportedLanguage = (language: string, service: string, offered: readonly string[]) =>
  refuse(
    400,
    "validation_error",
    "invalid_language",
    `${service} does not support language "${language}"; use one of ${offered.join(", ")}.`,
  );

sandboxSpitch.use("/v1/*", async (c, next) => {
  if (c.req.header("authorization") !== `Bearer ${sandboxKey("spitch")}`) {
    return refuse(401, "authentication_error", "invalid_api_key", "Invalid or missing API key.");
  }
  await next();
});

const asCorpusLanguage = (language: string | null | undefined): CorpusLanguage | null =>
  CORPUS_LANGUAGES.find((known) => known === language) ?? null;

/** Lower voices for the roster's men, higher for its women; the exact pitch only tells voices apart. */
function voicePitch(voice: string): number {
  return 105 + (SPITCH_VOICES.indexOf(voice as (typeof SPITCH_VOICES)[number]) % 7) * 22;
}

sandboxSpitch.post("/v1/speech", async (c) => {
  const body = speechRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) return invalid(body.error);
  const { text, voice, language, format = "wav" } = body.data;
  if (language !== undefined && !(SPEECH_LANGUAGES as readonly string[]).includes(language)) {
    return unsupportedLanguage(language, "Speech", SPEECH_LANGUAGES);
  }
  if (!text.trim()) return refuse(400, "validation_error", "empty_text", "The text is empty.");
  if (format !== "mp3") {
    return refuse(
      400,
      "validation_error",
      "unsupported_format",
      `The sandbox synthesises mp3 only; ${format} is valid on the real service.`,
    );
  }
  return new Response(synthesiseMp3Stream(wordsOf(text), voicePitch(voice), { sampleRate: 24000, kbps: 48 }), {
    headers: { "content-type": "audio/mpeg" },
  });
});

/** A `content` string is a URL (fetched in-process when it is on this Worker) or a stored file's id. */
async function mediaOf(c: Context<AppEnv>, content: File | string): Promise<MediaProbe | Response> {
  if (typeof content !== "string") return probeStream(content.stream(), { hash: false });
  if (!/^https?:\/\//.test(content)) {
    return refuse(404, "not_found_error", "file_not_found", "No file with that id.");
  }
  const url = new URL(content);
  if (url.origin !== new URL(c.req.url).origin) {
    return refuse(400, "validation_error", "unreachable_url", "The sandbox fetches only URLs on this Worker.");
  }
  try {
    return await probeUrl(c.var.dispatch, url, { whole: false, userAgent: "Spitch sandbox fetcher" });
  } catch (error) {
    if (error instanceof MediaFetchError) {
      return refuse(400, "validation_error", "unreachable_url", `The URL could not be fetched: ${error.message}.`);
    }
    throw error;
  }
}

/** A test-only fault's refusal, in Spitch's error shape. */
const sandboxFault = (status: number, what: string) =>
  Response.json(
    { error: { message: `The sandbox was told to fail this ${what}.`, type: "api_error", code: "sandbox_fault" } },
    { status },
  );

sandboxSpitch.post("/v1/transcriptions", async (c) => {
  const fault = await takeFault(c.env.DB, "spitch-transcribe");
  if (fault !== null) return sandboxFault(fault, "transcription");
  const form = await c.req.formData().catch(() => null);
  const content = form?.get("content");
  if (content === null || content === undefined || content === "") {
    return refuse(422, "validation_error", "invalid_request", "content: Field required");
  }
  const fields = transcriptionFields.safeParse(
    Object.fromEntries(
      [...(form?.entries() ?? [])].filter(([name, value]) => name !== "content" && typeof value === "string"),
    ),
  );
  if (!fields.success) return invalid(fields.error);
  const language = fields.data.language ?? "en";
  if (!(TRANSCRIPTION_LANGUAGES as readonly string[]).includes(language)) {
    return unsupportedLanguage(language, "Transcription", TRANSCRIPTION_LANGUAGES);
  }
  if (typeof content !== "string" && content.size > TRANSCRIPTION_MAX_BYTES) {
    return refuse(413, "validation_error", "file_too_large", "The maximum file size is 25MB.");
  }
  const media = await mediaOf(c, content);
  if (media instanceof Response) return media;
  if (media.size === 0 || !looksLikeMedia(media)) {
    return refuse(400, "validation_error", "invalid_audio", "Use an mp3, wav, m4a or ogg recording.");
  }
  const speech = hear(media);
  const corpusLanguage = asCorpusLanguage(language) ?? "en";
  const specialWords = fields.data.special_words?.split(",") ?? [];
  const first = firstSentenceOf(media, speech.duration);
  const sentences = speech.sentences.map((_, i) =>
    spellAsHinted(briefingSentence(corpusLanguage, first + i), specialWords),
  );
  const answer: TranscriptionAnswer = {
    request_id: crypto.randomUUID(),
    text: sentences.join(" "),
    segments: segmentsOf(sentences, speech.duration, fields.data.timestamp),
  };
  return c.json(answer);
});

/**
 * A clip no longer than a live turn or a pause-cut segment is a piece of a talk, not its start: the
 * sentence it begins with is the one its voice says (`voicePrint`), as the streaming emulator heard
 * it. A whole recording begins at the briefing's greeting.
 */
const PIECE_MAX_SECONDS = 15;

function firstSentenceOf(media: MediaProbe, duration: number): number {
  const pcm = duration <= PIECE_MAX_SECONDS ? pcmSamplesOf(media) : null;
  return (pcm && voicePrint(pcm)) ?? 0;
}

/** Sentences share the recording's time evenly; words share their sentence's time. */
function segmentsOf(sentences: readonly string[], duration: number, timestamp: "sentence" | "word" | undefined) {
  if (!timestamp) return null;
  const span = duration / sentences.length;
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return sentences.flatMap((text, i) => {
    const start = i * span;
    if (timestamp === "sentence") return [{ start: round(start), end: round(start + span), text }];
    const words = text.split(" ");
    return words.map((word, j) => ({
      start: round(start + (j * span) / words.length),
      end: round(start + ((j + 1) * span) / words.length),
      text: word,
    }));
  });
}

sandboxSpitch.post("/v1/translate", async (c) => {
  const fault = await takeFault(c.env.DB, "spitch-translate");
  if (fault !== null) return sandboxFault(fault, "translation");
  const body = translateRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) return invalid(body.error);
  const { text, target, source } = body.data;
  for (const language of [target, source]) {
    if (language && !(TRANSLATION_LANGUAGES as readonly string[]).includes(language)) {
      return unsupportedLanguage(language, "Translation", TRANSLATION_LANGUAGES);
    }
  }
  const to = asCorpusLanguage(target);
  const answer: TextAnswer = {
    request_id: crypto.randomUUID(),
    text: to ? translateText(text, asCorpusLanguage(source), to) : text,
  };
  return c.json(answer);
});

sandboxSpitch.post("/v1/diacritics", async (c) => {
  const body = diacriticsRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success) return invalid(body.error);
  if (!(TONE_MARK_LANGUAGES as readonly string[]).includes(body.data.language)) {
    return unsupportedLanguage(body.data.language, "Tone marks", TONE_MARK_LANGUAGES);
  }
  const answer: TextAnswer = { request_id: crypto.randomUUID(), text: restoreToneMarks(body.data.text) };
  return c.json(answer);
});
