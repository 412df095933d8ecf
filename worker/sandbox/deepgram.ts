import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  type ErrorBody,
  isKeytermModel,
  type ListenQuery,
  listenQuery,
  listenQueryObject,
  type PrerecordedAnswer,
  urlBody,
} from "../providers/contracts/deepgram.ts";
import { takeFault } from "./faults.ts";
import { spellAsHinted } from "./hinted-spelling.ts";
import { type HashedProbe, MediaFetchError, probeStream, probeUrl } from "./media-probe.ts";
import { deepgramResults, type HeardSpeech, hear, looksLikeMedia } from "./speech-corpus.ts";

/**
 * Emulates Deepgram's prerecorded `POST /v1/listen`: the recording as the raw body or a JSON
 * `{url}` the service fetches (here only URLs on this Worker, fetched in-process, since the sandbox
 * reaches nothing else), `Authorization: Token <key>`, query flags checked as the service checks
 * them, its `{err_code, err_msg, request_id}` errors, and an answer with every documented field
 * (metadata with sha256 and model_info, utterances when asked, speaker numbers on words and
 * utterances with `diarize` or `diarize_model`) for the features the query asks for.
 * `keyterm` is taken with Nova-3 models only, and the terms are spelled as given in the transcript.
 * Text intelligence (`/v1/read`) is in `deepgram-read.ts`.
 */
export const sandboxDeepgram = new Hono<AppEnv>();

const hinted = (speech: HeardSpeech, keyterms: readonly string[]): HeardSpeech => ({
  ...speech,
  sentences: speech.sentences.map((sentence) => ({ ...sentence, text: spellAsHinted(sentence.text, keyterms) })),
});

export const deepgramError = (status: number, err_code: string, err_msg: string) =>
  Response.json({ err_code, err_msg, request_id: crypto.randomUUID() } satisfies ErrorBody, { status });

/** The same uuid for a model name every time, as the service's model_info keys are stable. */
async function modelUuid(name: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name)));
  // RFC 9562 version 8 (name-based, custom hash) and variant bits, so it reads as a valid uuid.
  digest[6] = ((digest[6] ?? 0) & 0x0f) | 0x80;
  digest[8] = ((digest[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export async function modelInfo(model: string) {
  return { uuid: await modelUuid(model), info: { name: `general-${model}`, version: "2026-01-01.0", arch: model } };
}

function parseListenQuery(url: string): { query: ListenQuery } | { error: string } {
  const parsed = listenQuery.safeParse(listenQueryObject(new URL(url).searchParams));
  if (parsed.success) {
    if (parsed.data.keyterm && !isKeytermModel(parsed.data.model)) {
      return { error: "Bad Request: Keyterm Prompting is only compatible with Nova-3 models." };
    }
    return { query: parsed.data };
  }
  const issue = parsed.error.issues[0];
  return { error: `Bad Request: Invalid query string. ${issue?.path.join(".")}: ${issue?.message}` };
}

/**
 * The media: the raw body, or what a JSON `{url}` points at on this Worker, read through (the
 * service reports the SHA-256 of all of it) without ever being held whole.
 */
async function mediaOf(c: Context<AppEnv>): Promise<HashedProbe | Response> {
  if (!c.req.header("content-type")?.startsWith("application/json")) {
    return probeStream(c.req.raw.body, { hash: true });
  }
  const body = urlBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return deepgramError(400, "Bad Request", 'Bad Request: the JSON body must be {"url": "…"}.');
  const url = new URL(body.data.url);
  if (url.origin !== new URL(c.req.url).origin) {
    return deepgramError(400, "REMOTE_CONTENT_ERROR", "Could not fetch the URL: the sandbox reaches only this Worker.");
  }
  try {
    return await probeUrl(c.var.dispatch, url, { whole: true, userAgent: "Deepgram sandbox fetcher" });
  } catch (error) {
    if (!(error instanceof MediaFetchError)) throw error;
    return deepgramError(400, "REMOTE_CONTENT_ERROR", `Could not fetch the URL: it answered ${error.status}.`);
  }
}

const ANALYSES = [
  ["summarize", "summary"],
  ["topics", "topics"],
  ["intents", "intents"],
  ["sentiment", "sentiments"],
] as const;

sandboxDeepgram.post("/v1/listen", async (c) => {
  if (c.req.header("authorization") !== `Token ${sandboxKey("deepgram")}`) {
    return deepgramError(401, "INVALID_AUTH", "Invalid credentials.");
  }
  const fault = await takeFault(c.env.DB, "deepgram-listen");
  if (fault) return deepgramError(fault, "SERVICE_UNAVAILABLE", "The sandbox was told to fail this request.");
  const parsed = parseListenQuery(c.req.url);
  if ("error" in parsed) return deepgramError(400, "Bad Request", parsed.error);
  const { query } = parsed;
  const media = await mediaOf(c);
  if (media instanceof Response) return media;
  if (media.size === 0) return deepgramError(400, "Bad Request", "Bad Request: payload is empty.");
  if (!looksLikeMedia(media)) {
    return deepgramError(400, "Bad Request", "Bad Request: failed to process audio: corrupt or unsupported data");
  }
  const speech = hinted(hear(media), query.keyterm ?? []);
  // `diarize_model` "enables diarization"; `diarize=true` still does too.
  const diarize = query.diarize === "true" || query.diarize_model !== undefined;
  const { channels, utterances, ...analyses } = deepgramResults(speech, { diarize });
  const on = (flag: (typeof ANALYSES)[number][0]) =>
    flag === "summarize" ? query.summarize === "v2" : query[flag] === "true";
  const wanted = Object.fromEntries(ANALYSES.flatMap(([flag, key]) => (on(flag) ? [[key, analyses[key]]] : [])));
  const model = query.model ?? "base";
  const { uuid, info } = await modelInfo(model);
  const answer: PrerecordedAnswer = {
    metadata: {
      transaction_key: "deprecated",
      request_id: crypto.randomUUID(),
      sha256: media.sha256,
      created: new Date().toISOString(),
      duration: Number(speech.duration.toFixed(3)),
      channels: 1,
      models: [uuid],
      model_info: { [uuid]: info },
    },
    results: { channels, ...(query.utterances === "true" ? { utterances } : {}), ...wanted },
  };
  return c.json(answer);
});
