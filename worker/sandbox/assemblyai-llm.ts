import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey } from "../core/config.ts";
import {
  RELEASE_AUDIENCES,
  RELEASE_LENGTHS,
  RELEASE_TONES,
  type ReleaseAudience,
  type ReleaseLength,
  type ReleaseTone,
} from "../press-releases/contracts/release-options.ts";
import {
  FACTS_MARKER,
  HEADLINES_MARKER,
  OPTIONS_MARKER,
  type ReleaseFacts,
  TRANSCRIPT_MARKER,
} from "../press-releases/press-release-prompt.ts";
import { type ChatAnswer, chatRequest, type errorBody } from "../providers/contracts/llm-gateway.ts";
import { takeFault } from "./faults.ts";

/**
 * Emulates the AssemblyAI LLM Gateway's `POST /v1/chat/completions` in the gateway's own shape
 * (not OpenAI's): it writes a plainly templated press release from the transcript in the last user
 * message and the organisation's facts before it (as a model told to would: its name, About text,
 * spokesperson, media contact and dateline city, brackets only for what is not given), honouring `max_tokens` (about three quarters of a word per token, default 1000) with
 * `finish_reason: "length"`, and refuses what the gateway refuses with `{error: {code, message}}`.
 * Options in the instructions are followed visibly (a tone's opening words, one body paragraph
 * when short, a sentence framing the news for the audience, the embargo line on top), and
 * alternative headlines are listed when the instructions ask for them.
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
  const instructions = body.data.messages?.find((message) => message.role === "system")?.content ?? "";
  const { facts, transcript } = readPrompt(prompt);
  const words = pressRelease(transcript.trim(), facts, readInstructions(instructions)).split(" ");
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

/**
 * The facts line after its marker, when there is one, and the transcript after its own, read the
 * way `pressReleaseMessages` lays them out: the facts are the one line of JSON after their marker,
 * and the transcript marker starts the text after that line. The marker's words inside the facts
 * (a press kit may say "Transcript:") or inside the transcript are data, not the marker.
 */
function readPrompt(prompt: string): { facts: Partial<ReleaseFacts>; transcript: string } {
  if (!prompt.startsWith(FACTS_MARKER)) return { facts: {}, transcript: afterTranscriptMarker(prompt) };
  const [line = "", ...rest] = prompt.slice(FACTS_MARKER.length).trimStart().split("\n");
  const transcript = afterTranscriptMarker(rest.join("\n"));
  try {
    const facts: unknown = JSON.parse(line);
    return { facts: typeof facts === "object" && facts ? (facts as Partial<ReleaseFacts>) : {}, transcript };
  } catch {
    return { facts: {}, transcript };
  }
}

/** What follows the transcript marker when the text starts with it; otherwise the whole text is the transcript. */
function afterTranscriptMarker(text: string): string {
  const start = text.trimStart();
  return start.startsWith(TRANSCRIPT_MARKER) ? start.slice(TRANSCRIPT_MARKER.length) : text;
}

interface Instructions {
  readonly tone?: ReleaseTone;
  readonly length?: ReleaseLength;
  readonly audience?: ReleaseAudience;
  readonly embargo?: string;
  readonly alternatives: boolean;
}

/** The options' lines after their marker, as a model would read them, and whether headlines are asked for. */
function readInstructions(system: string): Instructions {
  const options = system.includes(OPTIONS_MARKER) ? system.slice(system.indexOf(OPTIONS_MARKER)) : "";
  const value = <T extends string>(name: string, allowed: readonly T[]) => {
    const found = new RegExp(`^- ${name}: (\\w+)\\.`, "m").exec(options)?.[1];
    return allowed.find((item) => item === found);
  };
  return {
    tone: value("Tone", RELEASE_TONES),
    length: value("Length", RELEASE_LENGTHS),
    audience: value("Audience", RELEASE_AUDIENCES),
    embargo: /^- Embargo: .*?"\*\*(.+?)\*\*"/m.exec(options)?.[1],
    alternatives: system.includes(HEADLINES_MARKER),
  };
}

const TONE_OPENINGS: Record<ReleaseTone, (organisation: string) => string> = {
  formal: (organisation) => `${organisation} formally announced today:`,
  warm: (organisation) => `${organisation} is delighted to share good news with the community today.`,
  urgent: (organisation) => `With immediate effect, ${organisation} announced today:`,
};

const AUDIENCE_FRAMES: Record<ReleaseAudience, (city: string) => string> = {
  national_press: () => "The development matters to people across Nigeria.",
  trade_press: () => "For the sector, the announcement sets a new benchmark for businesses across the industry.",
  local_radio: (city) => `For listeners in ${city} and nearby communities, the news is close to home.`,
};

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function pressRelease(transcript: string, facts: Partial<ReleaseFacts>, asked: Instructions): string {
  const sentences = sentencesOf(transcript);
  const [lead = "The organisation made an announcement.", ...rest] = sentences.filter(
    (s) => !/^good (morning|afternoon|evening)/i.test(s),
  );
  const plainHeadline = lead.replace(/^(we are|we're) pleased to announce/i, "Announcing").replace(/[.!?]$/, "");
  const headline = asked.tone === "urgent" ? `URGENT: ${plainHeadline}` : plainHeadline;
  const date = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  const paragraphs: string[] = [];
  for (let i = 0; i < rest.length; i += 3) paragraphs.push(rest.slice(i, i + 3).join(" "));
  if (asked.length === "short") paragraphs.splice(1);
  const quote = sentences.find((s) => /shows|pleased|proud|thank/i.test(s)) ?? lead;
  const city = (facts.dateline_city || "Lagos").toUpperCase();
  const speaker = facts.spokespeople?.[0];
  const contact = facts.media_contact ?? {};
  const organisation = facts.organisation || "The organisation";
  const opening = asked.tone
    ? `${TONE_OPENINGS[asked.tone](organisation)} `
    : facts.organisation
      ? `${facts.organisation} announced today. `
      : "";
  const alternatives = [
    `${organisation} announces: ${plainHeadline}`,
    (rest[0] ?? `What ${organisation} announced today`).replace(/[.!?]$/, ""),
    `${plainHeadline.split(" ").slice(0, 6).join(" ")}: what it means`,
  ];
  return [
    ...(asked.embargo ? [`**${asked.embargo}**`] : []),
    `# ${headline}`,
    `**${city}, Nigeria, ${date}** — ${opening}${lead}`,
    ...(asked.audience ? [AUDIENCE_FRAMES[asked.audience](titleCase(city))] : []),
    ...paragraphs,
    `"${quote}" said ${speaker ? `${speaker.name}, ${speaker.title || "[Title]"}` : "[Spokesperson name], [Title]"}.`,
    `## About ${facts.organisation || "[the organisation]"}`,
    facts.about || "[About the organisation]",
    `**Media contact:** ${contact.name || "[Name]"}, ${contact.email || "[Email]"}, ${contact.phone || "[Phone]"}`,
    "###",
    ...(asked.alternatives ? [`${HEADLINES_MARKER}\n${alternatives.map((line) => `- ${line}`).join("\n")}`] : []),
  ].join("\n\n");
}
