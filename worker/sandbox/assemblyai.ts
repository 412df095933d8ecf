import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  type CreateTranscriptRequest,
  createTranscriptRequest,
  KEYTERM_MAX_WORDS,
  KEYTERMS_MAX,
  keytermWords,
  SPEECH_MODELS,
  type TranscriptAnswer,
} from "../providers/contracts/assemblyai.ts";
import { takeFault } from "./faults.ts";
import { spellAsHinted } from "./hinted-spelling.ts";
import { MediaFetchError, type MediaProbe, probeStream, probeUrl } from "./media-probe.ts";
import { hear, looksLikeMedia, transcriptOf } from "./speech-corpus.ts";

/** A heard sentence as the uploads table keeps it. */
interface StoredSentence {
  readonly speaker: number;
  readonly text: string;
}

/**
 * Emulates AssemblyAI's `/v2/upload` and `/v2/transcript` with its `authorization` key header
 * and `{error}` answers, refusing a transcript request the provider would refuse (no
 * `speech_models`, an unknown model, a wrong type, `keyterms_prompt` past its limits). A transcript is `queued` when created,
 * `processing` on the first poll and `completed` (or `error`, for a file that is not audio) from the
 * second, like the real service, and always carries every field the provider documents as required.
 * With `speaker_labels`, each word has its speaker ("A", "B", …) and `utterances` the turns; without,
 * the word's speaker is null and there are no utterances, as documented.
 * An `audio_url` elsewhere on this Worker is downloaded in-process, as the service downloads one.
 */
export const sandboxAssemblyAi = new Hono<AppEnv>();

const assemblyError = (status: number, error: string) => Response.json({ error }, { status });

sandboxAssemblyAi.use("/v2/*", async (c, next) => {
  if (c.req.header("authorization") !== sandboxKey("assemblyai")) {
    return assemblyError(401, "Authentication error, API token missing/invalid");
  }
  await next();
});

const UPLOAD_PATH = "/__sandbox/assemblyai/uploads/";

/** Keeps what the service "hears" in a file; an empty text marks a file that is not audio. */
async function storeHeard(db: D1Database, media: MediaProbe): Promise<string> {
  const id = crypto.randomUUID();
  const speech = looksLikeMedia(media) ? hear(media) : null;
  const sentences: StoredSentence[] | null = speech
    ? speech.sentences.map(({ speaker, text }) => ({ speaker, text }))
    : null;
  await db
    .prepare(
      "INSERT INTO sandbox_assemblyai_uploads (id, bytes, text, sentences, duration, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(
      id,
      media.size,
      speech ? transcriptOf(speech) : "",
      sentences && JSON.stringify(sentences),
      speech?.duration ?? 0,
      new Date().toISOString(),
    )
    .run();
  return id;
}

sandboxAssemblyAi.post("/v2/upload", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-upload");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this upload.");
  const media = await probeStream(c.req.raw.body, { hash: false });
  if (media.size === 0) return assemblyError(400, "Upload is empty");
  const id = await storeHeard(c.env.DB, media);
  return c.json({ upload_url: `${new URL(c.req.url).origin}${UPLOAD_PATH}${id}` });
});

/**
 * An `audio_url` that is not one of the service's own uploads is fetched, as the service does; the
 * sandbox reaches only this Worker, in-process, and needs only the recording's header, end and
 * size, which Range requests give. Answers the stored upload's id, or null.
 */
async function downloadAudioUrl(c: Context<AppEnv>, audioUrl: string): Promise<string | null> {
  const url = new URL(audioUrl);
  if (url.origin !== new URL(c.req.url).origin) return null;
  try {
    const media = await probeUrl(c.var.dispatch, url, { whole: false, userAgent: "AssemblyAI sandbox fetcher" });
    return media.size === 0 ? null : storeHeard(c.env.DB, media);
  } catch (error) {
    if (error instanceof MediaFetchError) return null;
    throw error;
  }
}

interface TranscriptRow {
  id: string;
  upload_id: string;
  status: TranscriptAnswer["status"];
  polls: number;
  error: string | null;
  text: string;
  /** JSON `StoredSentence[]`; null for an upload without them (one speaker). */
  sentences: string | null;
  duration: number;
  request: string;
}

/** "A" for the first speaker, "B" for the second, … as the service names them. */
const speakerLetter = (speaker: number) => String.fromCharCode(65 + speaker);

type AnswerWord = NonNullable<TranscriptAnswer["words"]>[number];

/** The words, evenly timed over the recording, each with its speaker when labels were asked for. */
function timedWords(row: TranscriptRow, keyterms: readonly string[], labels: boolean): AnswerWord[][] {
  const sentences: StoredSentence[] = row.sentences
    ? (JSON.parse(row.sentences) as StoredSentence[])
    : [{ speaker: 0, text: row.text }];
  const spoken = sentences.map((sentence) => ({
    speaker: labels ? speakerLetter(sentence.speaker) : null,
    tokens: spellAsHinted(sentence.text, keyterms).split(" ").filter(Boolean),
  }));
  const msPerWord = (row.duration * 1000) / Math.max(1, spoken.flatMap((sentence) => sentence.tokens).length);
  let index = 0;
  return spoken.map(({ speaker, tokens }) =>
    tokens.map((text) => {
      const i = index++;
      return {
        text,
        start: Math.round(i * msPerWord),
        end: Math.round((i + 1) * msPerWord),
        confidence: 0.95,
        speaker,
      };
    }),
  );
}

/** Turn by turn: a new utterance wherever the speaker changes. */
function utterancesOf(sentences: AnswerWord[][]): NonNullable<TranscriptAnswer["utterances"]> {
  const turns: AnswerWord[][] = [];
  for (const words of sentences) {
    const last = turns.at(-1);
    if (last && last[0]?.speaker === words[0]?.speaker) last.push(...words);
    else if (words.length) turns.push([...words]);
  }
  return turns.map((words) => ({
    confidence: 0.95,
    start: words[0]?.start ?? 0,
    end: words.at(-1)?.end ?? 0,
    text: words.map((word) => word.text).join(" "),
    words,
    speaker: words[0]?.speaker ?? "A",
  }));
}

function transcriptJson(row: TranscriptRow, audioUrl: string): TranscriptAnswer {
  const request = JSON.parse(row.request) as Partial<CreateTranscriptRequest>;
  const completed = row.status === "completed";
  const labels = request.speaker_labels === true;
  const sentences = completed ? timedWords(row, request.keyterms_prompt ?? [], labels) : [];
  const words = sentences.flat();
  return {
    id: row.id,
    status: row.status,
    audio_url: audioUrl,
    speech_models: request.speech_models ?? null,
    speech_model_used: completed ? request.speech_models?.[0] : undefined,
    // Deprecated fields the description still marks required.
    speech_model: null,
    language_model: "assemblyai_default",
    acoustic_model: "assemblyai_default",
    webhook_auth: false,
    auto_highlights: false,
    redact_pii: false,
    summarization: false,
    language_detection: request.language_detection ?? false,
    language_code: completed ? "en" : undefined,
    language_confidence_threshold: null,
    language_confidence: completed && request.language_detection ? 0.97 : null,
    punctuate: request.punctuate ?? true,
    format_text: request.format_text ?? true,
    text: completed ? words.map((word) => word.text).join(" ") : null,
    words: completed ? words : null,
    speaker_labels: request.speaker_labels ?? null,
    speakers_expected: request.speakers_expected ?? null,
    utterances: completed && labels ? utterancesOf(sentences) : null,
    confidence: completed ? 0.95 : null,
    audio_duration: completed ? Math.round(row.duration) : null,
    error: row.status === "error" ? (row.error ?? undefined) : undefined,
  };
}

/** `keyterms_prompt` within the description's limits for every model the request may be routed to. */
function keytermsProblem(request: CreateTranscriptRequest): string | null {
  const keyterms = request.keyterms_prompt;
  if (!keyterms) return null;
  const limits = request.speech_models.flatMap((model) => {
    const limit = KEYTERMS_MAX[model as keyof typeof KEYTERMS_MAX];
    return limit === undefined ? [] : [limit];
  });
  const limit = Math.min(...limits);
  if (keyterms.length > limit) return `Invalid keyterms_prompt: at most ${limit} phrases for these speech_models.`;
  const long = keyterms.find((phrase) => keytermWords(phrase) > KEYTERM_MAX_WORDS);
  if (long !== undefined) return `Invalid keyterms_prompt: "${long}" has more than ${KEYTERM_MAX_WORDS} words.`;
  return null;
}

/** The service transcribes at most 10 hours of audio; a longer recording's transcript ends in `error`. */
const MAX_AUDIO_SECONDS = 10 * 60 * 60;

function transcriptionError(upload: { text: string; duration: number }): string | null {
  if (!upload.text) return "Transcoding failed. File does not appear to contain audio.";
  if (upload.duration > MAX_AUDIO_SECONDS) return "Audio duration is too long. The maximum duration is 10 hours.";
  return null;
}

/** The provider names the first offending field; so does the emulator. */
function requestError(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || "body";
  if (field === "speech_models" && issue?.code === "invalid_type" && issue.input === undefined) {
    return `speech_models is required: list one or more of ${SPEECH_MODELS.join(", ")} in priority order.`;
  }
  return `Invalid ${field}: ${issue?.message ?? "invalid value"}`;
}

sandboxAssemblyAi.post("/v2/transcript", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-transcript");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const body = createTranscriptRequest.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return assemblyError(400, requestError(body.error));
  const unknown = body.data.speech_models.filter((model) => !(SPEECH_MODELS as readonly string[]).includes(model));
  if (unknown.length > 0) {
    return assemblyError(400, `Invalid speech_models: ${unknown.join(", ")}. Use ${SPEECH_MODELS.join(", ")}.`);
  }
  const keytermsRefusal = keytermsProblem(body.data);
  if (keytermsRefusal) return assemblyError(400, keytermsRefusal);
  const audioPath = new URL(body.data.audio_url).pathname;
  const uploadId = audioPath.startsWith(UPLOAD_PATH)
    ? audioPath.slice(UPLOAD_PATH.length)
    : ((await downloadAudioUrl(c, body.data.audio_url)) ?? "");
  const upload = await c.env.DB.prepare("SELECT text, sentences, duration FROM sandbox_assemblyai_uploads WHERE id = ?")
    .bind(uploadId)
    .first<{ text: string; sentences: string | null; duration: number }>();
  if (!upload) return assemblyError(400, "Download error, unable to download audio_url");
  const row: TranscriptRow = {
    id: crypto.randomUUID(),
    upload_id: uploadId,
    status: "queued",
    polls: 0,
    error: transcriptionError(upload),
    text: upload.text,
    sentences: upload.sentences,
    duration: upload.duration,
    request: JSON.stringify(body.data),
  };
  await c.env.DB.prepare(
    "INSERT INTO sandbox_assemblyai_transcripts (id, upload_id, status, polls, error, request, created_at) VALUES (?, ?, ?, 0, ?, ?, ?)",
  )
    .bind(row.id, uploadId, row.status, row.error, row.request, new Date().toISOString())
    .run();
  return c.json(transcriptJson(row, body.data.audio_url));
});

sandboxAssemblyAi.get("/v2/transcript/:id", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-poll");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const row = await c.env.DB.prepare(
    `UPDATE sandbox_assemblyai_transcripts SET polls = polls + 1,
       status = CASE WHEN polls + 1 >= 2 THEN (CASE WHEN error IS NULL THEN 'completed' ELSE 'error' END) ELSE 'processing' END
     WHERE id = ?
     RETURNING id, upload_id, status, polls, error, request,
       (SELECT text FROM sandbox_assemblyai_uploads WHERE sandbox_assemblyai_uploads.id = upload_id) AS text,
       (SELECT sentences FROM sandbox_assemblyai_uploads WHERE sandbox_assemblyai_uploads.id = upload_id) AS sentences,
       (SELECT duration FROM sandbox_assemblyai_uploads WHERE sandbox_assemblyai_uploads.id = upload_id) AS duration`,
  )
    .bind(c.req.param("id"))
    .first<TranscriptRow>();
  if (!row) return assemblyError(404, "Transcript not found");
  return c.json(transcriptJson(row, `${new URL(c.req.url).origin}${UPLOAD_PATH}${row.upload_id}`));
});

/** Like the real service, deletion keeps a stub: text and audio URL are replaced, status stays. */
sandboxAssemblyAi.delete("/v2/transcript/:id", async (c) => {
  const fault = await takeFault(c.env.DB, "assemblyai-delete");
  if (fault) return assemblyError(fault, "The sandbox was told to fail this request.");
  const row = await c.env.DB.prepare(
    `UPDATE sandbox_assemblyai_transcripts SET deleted_at = ? WHERE id = ?
     RETURNING id, upload_id, status, polls, error, request, 'Deleted by user.' AS text, NULL AS sentences,
       (SELECT duration FROM sandbox_assemblyai_uploads WHERE sandbox_assemblyai_uploads.id = upload_id) AS duration`,
  )
    .bind(new Date().toISOString(), c.req.param("id"))
    .first<TranscriptRow>();
  if (!row) return assemblyError(404, "Transcript not found");
  await c.env.DB.prepare(
    "UPDATE sandbox_assemblyai_uploads SET text = 'Deleted by user.', sentences = NULL WHERE id = ?",
  )
    .bind(row.upload_id)
    .run();
  const deleted: TranscriptAnswer = { ...transcriptJson(row, "http://deleted_by_user"), text: "Deleted by user." };
  return c.json(deleted);
});
