import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { FACTS_MARKER, type ReleaseFacts, TRANSCRIPT_MARKER } from "../jobs/press-release-prompt.ts";
import { type ChatAnswer, chatRequest, type errorBody } from "../providers/contracts/llm-gateway.ts";
import { takeFault } from "./faults.ts";

/**
 * Emulates the AssemblyAI LLM Gateway's `POST /v1/chat/completions` in the gateway's own shape
 * (not OpenAI's): it writes a plainly templated press release from the transcript in the last user
 * message and the organisation's facts before it (as a model told to would: its name, About text,
 * spokesperson, media contact and dateline city, brackets only for what is not given), honouring `max_tokens` (about three quarters of a word per token, default 1000) with
 * `finish_reason: "length"`, and refuses what the gateway refuses with `{error: {code, message}}`.
 */
export const sandboxAssemblyAiLlm = new Hono<AppEnv>();

const DEFAULT_MAX_TOKENS = 1000;

const gatewayError = (status: number, message: string) =>
  Response.json({ error: { code: status, message } } satisfies z.input<typeof errorBody>, { status });

sandboxAssemblyAiLlm.post("/v1/chat/completions", async (c) => {
  if (c.req.header("authorization") !== sandboxKey("assemblyai-llm")) return gatewayError(401, "Invalid API key");
  const fault = await takeFault(c.env.DB, "assemblyai-llm");
  if (fault) return gatewayError(fault, "The sandbox was told to fail this request.");
  const started = Date.now();
  const body = chatRequest.safeParse(await c.req.json().catch(() => null));
  if (!body.success) {
    const issue = body.error.issues[0];
    return gatewayError(400, `Invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid value"}`);
  }
  const prompt = body.data.messages?.findLast((message) => message.role === "user")?.content ?? body.data.prompt ?? "";
  const { facts, transcript } = readPrompt(prompt);
  const words = pressRelease(transcript.trim(), facts).split(" ");
  const maxTokens = body.data.max_tokens ?? DEFAULT_MAX_TOKENS;
  const budget = Math.floor(maxTokens * 0.75);
  const content = words.slice(0, budget).join(" ");
  const inputTokens = Math.ceil(JSON.stringify(body.data.messages ?? body.data.prompt).length / 4);
  const outputTokens = Math.ceil(Math.min(words.length, budget) / 0.75);
  const answer: ChatAnswer = {
    request_id: crypto.randomUUID(),
    choices: [{ message: { role: "assistant", content }, finish_reason: words.length > budget ? "length" : "stop" }],
    request: { model: body.data.model, max_tokens: maxTokens, temperature: body.data.temperature },
    usage: { input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
    http_status_code: 200,
    response_time: Date.now() - started,
    llm_status_code: 200,
  };
  return c.json(answer);
});

function sentencesOf(text: string): string[] {
  return text.match(/[^.!?]+[.!?]+/g)?.map((sentence) => sentence.trim()) ?? (text ? [text] : []);
}

/** The facts line after its marker, when there is one, and the transcript after its own. */
function readPrompt(prompt: string): { facts: Partial<ReleaseFacts>; transcript: string } {
  const transcript = prompt.includes(TRANSCRIPT_MARKER)
    ? prompt.split(TRANSCRIPT_MARKER).slice(1).join(TRANSCRIPT_MARKER)
    : prompt;
  if (!prompt.startsWith(FACTS_MARKER)) return { facts: {}, transcript };
  const line = prompt.slice(FACTS_MARKER.length).trimStart().split("\n", 1)[0] ?? "";
  try {
    const facts: unknown = JSON.parse(line);
    return { facts: typeof facts === "object" && facts ? (facts as Partial<ReleaseFacts>) : {}, transcript };
  } catch {
    return { facts: {}, transcript };
  }
}

function pressRelease(transcript: string, facts: Partial<ReleaseFacts>): string {
  const sentences = sentencesOf(transcript);
  const [lead = "The organisation made an announcement.", ...rest] = sentences.filter(
    (s) => !/^good (morning|afternoon|evening)/i.test(s),
  );
  const headline = lead.replace(/^(we are|we're) pleased to announce/i, "Announcing").replace(/[.!?]$/, "");
  const date = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  const paragraphs: string[] = [];
  for (let i = 0; i < rest.length; i += 3) paragraphs.push(rest.slice(i, i + 3).join(" "));
  const quote = sentences.find((s) => /shows|pleased|proud|thank/i.test(s)) ?? lead;
  const city = (facts.dateline_city || "Lagos").toUpperCase();
  const speaker = facts.spokespeople?.[0];
  const contact = facts.media_contact ?? {};
  return [
    `# ${headline}`,
    `**${city}, Nigeria, ${date}** — ${facts.organisation ? `${facts.organisation} announced today. ` : ""}${lead}`,
    ...paragraphs,
    `"${quote}" said ${speaker ? `${speaker.name}, ${speaker.title || "[Title]"}` : "[Spokesperson name], [Title]"}.`,
    `## About ${facts.organisation || "[the organisation]"}`,
    facts.about || "[About the organisation]",
    `**Media contact:** ${contact.name || "[Name]"}, ${contact.email || "[Email]"}, ${contact.phone || "[Phone]"}`,
    "###",
  ].join("\n\n");
}
