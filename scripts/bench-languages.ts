// Per language, in the sandbox: text-to-speech time to first byte through the Worker (English on
// ElevenLabs, the others on Spitch), and the wall time of a sentiment report and a press release
// made from a recording in that language (the product's own speech in it), from the request to the
// finished job. Part of `npm run bench`.

import { languageRefusal } from "../worker/contracts/language-support.ts";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../worker/contracts/languages.ts";

const RUNS = 10;

/** One voice per language, and a sentence of the sandbox corpus in it. */
const SPEAKERS: Readonly<Record<Language, { voice: string; text: string }>> = {
  en: { voice: "sbxAdaezeWarm01", text: "We are pleased to announce our new community radio programme." },
  yo: { voice: "sade", text: "Inú wa dùn láti kéde ètò rédíò tuntun fún àwùjọ wa." },
  ha: { voice: "amina", text: "Muna farin cikin sanar da sabon shirin rediyon al'ummarmu." },
  ig: { voice: "ngozi", text: "Obi dị anyị ụtọ ikwupụta mmemme redio ọhụrụ maka obodo anyị." },
  pcm: { voice: "ufoma", text: "We happy to announce our new community radio programme." },
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function firstByteAndBody(
  url: string,
  init: RequestInit,
): Promise<{ firstByte: number; body: Uint8Array<ArrayBuffer> }> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (value?.length) {
      if (!firstByte) firstByte = performance.now() - started;
      parts.push(value);
    }
    if (done) break;
  }
  return { firstByte, body: new Uint8Array(Buffer.concat(parts)) };
}

interface JobAnswer {
  readonly status?: string;
  readonly language?: string;
  readonly text?: string | null;
  readonly translation?: { readonly text: string } | null;
  readonly report?: { readonly translation?: { readonly text: string } } | null;
  /** An English report: Deepgram's transcript. */
  readonly results?: { readonly channels?: { readonly alternatives?: { readonly transcript?: string }[] }[] };
}

/** What the finished job holds, so a fast figure is known to be a real result. */
function resultOf(answer: JobAnswer): string {
  const english =
    answer.text ??
    answer.translation?.text ??
    answer.report?.translation?.text ??
    answer.results?.channels?.[0]?.alternatives?.[0]?.transcript ??
    "";
  return `${answer.language ?? "?"}, ${english.length} characters`;
}

/** Seconds from the request to a finished job (an on-the-spot answer counts as finished). */
async function jobSeconds(
  base: string,
  token: string,
  path: string,
  recording: Uint8Array<ArrayBuffer>,
  language: Language,
) {
  const started = performance.now();
  const form = new FormData();
  form.set("file", new Blob([recording], { type: "audio/mpeg" }), `bench-${language}.mp3`);
  form.set("language", language);
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${base}${path}`, { method: "POST", headers, body: form });
  if (created.status === 200) {
    const answer = (await created.json()) as JobAnswer;
    return { seconds: (performance.now() - started) / 1000, status: "completed", result: resultOf(answer) };
  }
  if (created.status !== 202) {
    return { seconds: 0, status: `${created.status} ${(await created.text()).slice(0, 80)}`, result: "" };
  }
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const job = (await (await fetch(`${base}${path}/${id}`, { headers })).json()) as JobAnswer;
    if (job.status === "completed" || job.status === "error") {
      return { seconds: (performance.now() - started) / 1000, status: job.status, result: resultOf(job) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function languageBench(base: string, token: string) {
  const authed = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const rows: Record<string, string>[] = [];
  for (const language of LANGUAGES) {
    const { voice, text } = SPEAKERS[language];
    const speak = (i: number) =>
      firstByteAndBody(`${base}/api/tts`, {
        method: "POST",
        headers: authed,
        body: JSON.stringify({ text: `${text} ${i}`, voice_id: voice, language }),
      });
    const { body: recording } = await speak(-1);
    const firstBytes: number[] = [];
    for (let i = 0; i < RUNS; i++) firstBytes.push((await speak(i)).firstByte);
    const job = async (tool: "sentiment" | "pressRelease", path: string) => {
      if (languageRefusal(tool, language)) return "refused (no recogniser)";
      const { seconds, status, result } = await jobSeconds(base, token, path, recording, language);
      return status === "completed" ? `${seconds.toFixed(2)} s (${result})` : status;
    };
    rows.push({
      language: LANGUAGE_NAMES[language],
      [`TTS first byte (median of ${RUNS} ms)`]: median(firstBytes).toFixed(1),
      "sentiment report": await job("sentiment", "/api/sentiment"),
      "press release": await job("pressRelease", "/api/press-releases"),
    });
  }
  return rows;
}
