import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import { type ReadAnswer, readBody, readQuery } from "../providers/contracts/deepgram.ts";
import { deepgramError, modelInfo } from "./deepgram.ts";
import { takeFault } from "./faults.ts";
import { analyseEnglish } from "./text-analysis.ts";

/**
 * Emulates Deepgram's text intelligence, `POST /v1/read`: JSON `{text}` (or `{url}` on this Worker,
 * fetched in-process), the analyses asked for in the query. Refuses what the service refuses: a
 * wrong key, a malformed query (`summarize` is boolean only here), a body that is neither, empty
 * text, and any language but English, which is all the features take.
 */
export const sandboxDeepgramRead = new Hono<AppEnv>();

const ANALYSES = ["sentiment", "topics", "intents", "summarize"] as const;

sandboxDeepgramRead.post("/v1/read", async (c) => {
  if (c.req.header("authorization") !== `Token ${sandboxKey("deepgram")}`) {
    return deepgramError(401, "INVALID_AUTH", "Invalid credentials.");
  }
  const fault = await takeFault(c.env.DB, "deepgram-read");
  if (fault) return deepgramError(fault, "SERVICE_UNAVAILABLE", "The sandbox was told to fail this request.");
  const query = readQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    return deepgramError(400, "Bad Request", `Invalid query string. ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const language = query.data.language ?? "en";
  if (language !== "en" && !language.startsWith("en-")) {
    return deepgramError(400, "Bad Request", `Text intelligence is available in English only, not "${language}".`);
  }
  if (!c.req.header("content-type")?.startsWith("application/json")) {
    return deepgramError(400, "Bad Request", 'Send a JSON body: {"text": "…"} or {"url": "…"}.');
  }
  const body = readBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return deepgramError(400, "Bad Request", 'The JSON body must be {"text": "…"} or {"url": "…"}.');
  const text = "text" in body.data ? body.data.text : await fetchText(c.var.dispatch, c.req.url, body.data.url);
  if (text === null) return deepgramError(400, "REMOTE_CONTENT_ERROR", "Could not fetch the URL.");
  if (!text.trim()) return deepgramError(400, "Bad Request", "The text is empty.");
  const wanted = Object.fromEntries(ANALYSES.map((name) => [name, query.data[name] === "true"])) as Record<
    (typeof ANALYSES)[number],
    boolean
  >;
  const tokens = Math.ceil(text.length / 4);
  const info = async (name: string) => ({
    model_uuid: (await modelInfo(`read-${name}`)).uuid,
    input_tokens: tokens,
    output_tokens: name === "summary" ? 60 : 0,
  });
  const answer: ReadAnswer = {
    metadata: {
      metadata: {
        request_id: crypto.randomUUID(),
        created: new Date().toISOString(),
        language,
        ...(wanted.summarize ? { summary_info: await info("summary") } : {}),
        ...(wanted.sentiment ? { sentiment_info: await info("sentiment") } : {}),
        ...(wanted.topics ? { topics_info: await info("topics") } : {}),
        ...(wanted.intents ? { intents_info: await info("intents") } : {}),
      },
    },
    results: analyseEnglish(text, wanted),
  };
  return c.json(answer);
});

/** The sandbox reaches only this Worker. */
async function fetchText(
  dispatch: (request: Request) => Promise<Response>,
  self: string,
  url: string,
): Promise<string | null> {
  if (new URL(url).origin !== new URL(self).origin) return null;
  const response = await dispatch(new Request(url));
  return response.ok ? response.text() : null;
}
