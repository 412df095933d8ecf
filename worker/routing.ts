import { type LanguageTool, languageRefusal } from "./contracts/language-support.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, type Language } from "./contracts/languages.ts";
import { ApiError } from "./core/errors.ts";
import type { Provider } from "./providers/endpoint.ts";

/**
 * Which providers serve each tool in each language, in order: the one table every route and job
 * asks, so a request never reaches a provider that does not document its language. docs/languages.md
 * gives the evidence for each cell. Models are not here: each is named where it is sent, and the
 * ones an operator may change are configuration (`core/config.ts`: ANALYSIS_MODEL,
 * TRANSCRIPTION_MODELS, PRESS_RELEASE_MODEL).
 */

/** What a stage does, which with its provider names the adapter the code sends it through. */
type Task = "speak" | "transcribe" | "translate" | "analyse" | "write" | "stream" | "convert";

export interface Stage {
  readonly provider: Provider;
  readonly task: Task;
  /** What this provider does in the chain, e.g. "transcribe", "translate to English". */
  readonly does: string;
}

export type Route =
  | { readonly served: true; readonly stages: readonly Stage[] }
  | { readonly served: false; readonly message: string };

const serve = (...stages: Stage[]): readonly Stage[] => stages;

const spitchSpeech = serve({ provider: "spitch", task: "speak", does: "speak with a voice made for the language" });
const spitchAnalysis = serve(
  { provider: "spitch", task: "transcribe", does: "transcribe with sentence timestamps" },
  { provider: "spitch", task: "translate", does: "translate to English" },
  { provider: "deepgram", task: "analyse", does: "analyse the English text (/v1/read)" },
);
const spitchRelease = serve(
  { provider: "spitch", task: "transcribe", does: "transcribe with sentence timestamps" },
  { provider: "spitch", task: "translate", does: "translate to English" },
  { provider: "assemblyai-llm", task: "write", does: "write the release" },
);

/**
 * Live Yorùbá and Hausa in two passes: AssemblyAI's whisper-rt streams the fast finals, then each
 * final's audio goes to Spitch, which documents both languages, and its text replaces the final.
 */
const twoPassLive = serve(
  { provider: "assemblyai-streaming", task: "stream", does: "stream captions (whisper-rt), with speakers" },
  { provider: "spitch", task: "transcribe", does: "transcribe each final's audio again and correct it" },
);

/** The chain for every served cell; `null` where `LANGUAGE_REFUSALS` gives the reason instead. */
const STAGES: Readonly<Record<LanguageTool, Readonly<Record<Language, readonly Stage[] | null>>>> = {
  tts: {
    en: serve({ provider: "elevenlabs", task: "speak", does: "speak" }),
    yo: spitchSpeech,
    ha: spitchSpeech,
    ig: spitchSpeech,
    pcm: spitchSpeech,
  },
  sentiment: {
    en: serve({ provider: "deepgram", task: "analyse", does: "transcribe and analyse (/v1/listen)" }),
    yo: spitchAnalysis,
    ha: spitchAnalysis,
    ig: spitchAnalysis,
    pcm: null,
  },
  pressRelease: {
    en: serve(
      { provider: "assemblyai", task: "transcribe", does: "transcribe" },
      { provider: "assemblyai-llm", task: "write", does: "write the release" },
    ),
    yo: spitchRelease,
    ha: spitchRelease,
    ig: spitchRelease,
    pcm: null,
  },
  /**
   * Yorùbá and Hausa stream through AssemblyAI's Whisper streaming (`speech_model=whisper-rt`):
   * "Whisper streaming", assemblyai.com/docs/streaming/whisper-streaming, lists Hausa and Yoruba
   * among its 99+ languages and neither Igbo nor a Pidgin; the model detects the language itself.
   * Its usm-streaming description takes raw PCM only (`pcm_s16le`, `pcm_mulaw`), so the relay decodes
   * the page's WebM Opus to 16 kHz PCM for it (`liveAudioPath`, worker/live/provider-stream.ts).
   * Igbo has no streaming recogniser; Spitch, which documents Igbo transcription but offers no
   * stream, transcribes the decoded audio cut at pauses (worker/live/near-live-spitch.ts).
   */
  live: {
    en: serve({ provider: "deepgram", task: "stream", does: "stream captions" }),
    yo: twoPassLive,
    ha: twoPassLive,
    ig: serve({ provider: "spitch", task: "stream", does: "transcribe segments cut at pauses (near-live)" }),
    pcm: null,
  },
  voiceConversion: {
    en: serve({
      provider: "elevenlabs",
      task: "convert",
      does: "convert the voice",
    }),
    yo: null,
    ha: null,
    ig: null,
    pcm: null,
  },
};

function routeFor(tool: LanguageTool, language: Language): Route {
  const stages = STAGES[tool][language];
  const refusal = languageRefusal(tool, language);
  if (stages && refusal === null) return { served: true, stages };
  return { served: false, message: refusal ?? `${tool} has no route for ${language}` };
}

export const ROUTES = Object.fromEntries(
  Object.entries(STAGES).map(([tool, row]) => [
    tool,
    Object.fromEntries(
      Object.keys(row).map((language) => [language, routeFor(tool as LanguageTool, language as Language)]),
    ),
  ]),
) as Readonly<Record<LanguageTool, Readonly<Record<Language, Route>>>>;

/**
 * The chain of a cell a request was already checked against (`requireRoute`, or a job's stored
 * parameters): the stages the jobs, the speech route and the live relay send through, in order.
 */
export function stagesFor(tool: LanguageTool, language: Language): readonly [Stage, ...Stage[]] {
  const route = routeFor(tool, language);
  const [first, ...rest] = route.served ? route.stages : [];
  if (!first) throw new Error(`${tool} has no route for ${language}`);
  return [first, ...rest];
}

/** The provider that speaks `language` on Vox Speaks; every language has one. */
export function speechProvider(language: Language): Provider {
  return stagesFor("tts", language)[0].provider;
}

/**
 * A request's `language` (absent means English) checked against the table: an unknown code or a
 * language the tool cannot serve is a 400 that says why, before any provider is called.
 */
export function requireRoute(
  tool: LanguageTool,
  value: unknown,
): { readonly language: Language; readonly stages: readonly Stage[] } {
  const language = value === undefined || value === null || value === "" ? DEFAULT_LANGUAGE : value;
  if (!isLanguage(language)) {
    const message = "Choose a language from the list";
    throw new ApiError(400, "validation_failed", `language: ${message}`, { language: [message] });
  }
  const route = routeFor(tool, language);
  if (!route.served) {
    throw new ApiError(400, "language_not_served", route.message, {
      language: [`Not available in ${LANGUAGE_NAMES[language]}`],
    });
  }
  return { language, stages: route.stages };
}
