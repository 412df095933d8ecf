import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { takeFault } from "./faults.ts";
import { deepgramResults, hear, looksLikeMedia } from "./speech-corpus.ts";

/**
 * Emulates Deepgram's prerecorded `POST /v1/listen`: the recording as the raw body,
 * `Authorization: Token <key>`, its `{err_code, err_msg, request_id}` errors, and the analysis
 * results in Deepgram's shape for the features the query asks for.
 */
export const sandboxDeepgram = new Hono<AppEnv>();

const deepgramError = (status: number, err_code: string, err_msg: string) =>
  Response.json({ err_code, err_msg, request_id: crypto.randomUUID() }, { status });

const FEATURES = ["summarize", "topics", "intents", "sentiment"] as const;

sandboxDeepgram.post("/v1/listen", async (c) => {
  if (c.req.header("authorization") !== `Token ${sandboxKey("deepgram")}`) {
    return deepgramError(401, "INVALID_AUTH", "Invalid credentials.");
  }
  const fault = await takeFault(c.env.DB, "deepgram-listen");
  if (fault) return deepgramError(fault, "SERVICE_UNAVAILABLE", "The sandbox was told to fail this request.");
  if (c.req.header("content-type")?.startsWith("application/json")) {
    return deepgramError(400, "Bad Request", "Bad Request: the sandbox does not fetch remote URLs; send the audio.");
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) return deepgramError(400, "Bad Request", "Bad Request: payload is empty.");
  if (!looksLikeMedia(bytes)) {
    return deepgramError(400, "Bad Request", "Bad Request: failed to process audio: corrupt or unsupported data");
  }
  const query = new URL(c.req.url).searchParams;
  const speech = hear(bytes);
  const { channels, ...analyses } = deepgramResults(speech);
  const wanted = Object.fromEntries(
    FEATURES.flatMap((feature) => {
      const on = feature === "summarize" ? query.get(feature) === "v2" : query.get(feature) === "true";
      const key = feature === "summarize" ? "summary" : feature === "sentiment" ? "sentiments" : feature;
      return on ? [[key, analyses[key as keyof typeof analyses]]] : [];
    }),
  );
  return c.json({
    metadata: {
      request_id: crypto.randomUUID(),
      created: new Date().toISOString(),
      duration: Number(speech.duration.toFixed(3)),
      channels: 1,
      models: [query.get("model") ?? "base"],
    },
    results: { channels, ...wanted },
  });
});
