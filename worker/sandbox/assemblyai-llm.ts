import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../config.ts";
import { TRANSCRIPT_MARKER } from "../press-releases/prompt.ts";
import { takeFault } from "./faults.ts";

/**
 * Emulates the AssemblyAI LLM Gateway's OpenAI-compatible `POST /v1/chat/completions`: it writes a
 * plainly templated press release from the transcript in the last user message, honouring
 * `max_tokens` (about three quarters of a word per token) with `finish_reason: "length"`.
 */
export const sandboxAssemblyAiLlm = new Hono<AppEnv>();

const chatBody = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })).min(1),
  max_tokens: z.number().int().positive().max(32_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
});

const gatewayError = (status: number, message: string) =>
  Response.json({ error: { message, type: "invalid_request_error" } }, { status });

sandboxAssemblyAiLlm.post("/v1/chat/completions", async (c) => {
  if (c.req.header("authorization") !== sandboxKey("assemblyai-llm")) return gatewayError(401, "Invalid API key");
  const fault = await takeFault(c.env.DB, "assemblyai-llm");
  if (fault) return gatewayError(fault, "The sandbox was told to fail this request.");
  const body = chatBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return gatewayError(400, body.error.issues[0]?.message ?? "Invalid request");
  const prompt = body.data.messages.findLast((message) => message.role === "user")?.content ?? "";
  const transcript = prompt.includes(TRANSCRIPT_MARKER)
    ? prompt.split(TRANSCRIPT_MARKER).slice(1).join(TRANSCRIPT_MARKER)
    : prompt;
  const words = pressRelease(transcript.trim()).split(" ");
  const budget = Math.floor((body.data.max_tokens ?? 4096) * 0.75);
  const content = words.slice(0, budget).join(" ");
  return c.json({
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.data.model,
    choices: [
      { index: 0, message: { role: "assistant", content }, finish_reason: words.length > budget ? "length" : "stop" },
    ],
    usage: {
      prompt_tokens: Math.ceil(prompt.length / 4),
      completion_tokens: Math.ceil(Math.min(words.length, budget) / 0.75),
    },
  });
});

function sentencesOf(text: string): string[] {
  return text.match(/[^.!?]+[.!?]+/g)?.map((sentence) => sentence.trim()) ?? (text ? [text] : []);
}

function pressRelease(transcript: string): string {
  const sentences = sentencesOf(transcript);
  const [lead = "The organisation made an announcement.", ...rest] = sentences.filter(
    (s) => !/^good (morning|afternoon|evening)/i.test(s),
  );
  const headline = lead.replace(/^(we are|we're) pleased to announce/i, "Announcing").replace(/[.!?]$/, "");
  const date = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  const paragraphs: string[] = [];
  for (let i = 0; i < rest.length; i += 3) paragraphs.push(rest.slice(i, i + 3).join(" "));
  const quote = sentences.find((s) => /shows|pleased|proud|thank/i.test(s)) ?? lead;
  return [
    `# ${headline}`,
    `**LAGOS, Nigeria, ${date}** — ${lead}`,
    ...paragraphs,
    `"${quote}" said [Spokesperson name], [Title].`,
    "## About [the organisation]",
    "[About the organisation]",
    "**Media contact:** [Name], [Email], [Phone]",
    "###",
  ].join("\n\n");
}
