import type { Language } from "./contracts/languages.ts";
import type { ToolId } from "./contracts/tools.ts";
import type { Provider } from "./providers/endpoint.ts";

/**
 * Which provider and model serve each tool in each language: the one table every route and job
 * asks, so a request never reaches a provider that does not document its language. README's
 * "Languages" section gives the evidence for each cell.
 */

export interface Stage {
  readonly provider: Provider;
  readonly model?: string;
  /** What this provider does in the chain, e.g. "transcribe", "translate to English". */
  readonly does: string;
}

export type Route =
  | { readonly served: true; readonly stages: readonly Stage[] }
  | { readonly served: false; readonly message: string };

export type RoutedTool = Exclude<ToolId, "deepfake">;

const serve = (...stages: Stage[]): Route => ({ served: true, stages });
const refuse = (message: string): Route => ({ served: false, message });

const spitchSpeech = serve({ provider: "spitch", does: "speak with a voice made for the language" });
const spitchAnalysis = serve(
  { provider: "spitch", does: "transcribe with sentence timestamps" },
  { provider: "spitch", does: "translate to English" },
  { provider: "deepgram", model: "nova-3", does: "analyse the English text (/v1/read)" },
);
const spitchRelease = serve(
  { provider: "spitch", does: "transcribe with sentence timestamps" },
  { provider: "spitch", does: "translate to English" },
  { provider: "assemblyai-llm", does: "write the release" },
);
const NO_PIDGIN_RECOGNITION =
  "No provider we use recognises spoken Naijá (Pidgin) yet, so recordings in it cannot be transcribed. Choose English (Nigeria) if the speakers mostly use English.";
const NO_LIVE =
  "Live transcription is available in English (Nigeria) only: no streaming provider recognises this language yet.";
const NO_CONVERSION = "Voice conversion is available in English (Nigeria) only for now.";

export const ROUTES: Readonly<Record<RoutedTool, Readonly<Record<Language, Route>>>> = {
  tts: {
    en: serve({ provider: "elevenlabs", model: "eleven_multilingual_v2", does: "speak" }),
    yo: spitchSpeech,
    ha: spitchSpeech,
    ig: spitchSpeech,
    pcm: spitchSpeech,
  },
  sentiment: {
    en: serve({ provider: "deepgram", model: "nova-3", does: "transcribe and analyse (/v1/listen)" }),
    yo: spitchAnalysis,
    ha: spitchAnalysis,
    ig: spitchAnalysis,
    pcm: refuse(NO_PIDGIN_RECOGNITION),
  },
  pressRelease: {
    en: serve(
      { provider: "assemblyai", model: "universal-3-pro,universal-2", does: "transcribe" },
      { provider: "assemblyai-llm", does: "write the release" },
    ),
    yo: spitchRelease,
    ha: spitchRelease,
    ig: spitchRelease,
    pcm: refuse(NO_PIDGIN_RECOGNITION),
  },
  live: {
    en: serve({ provider: "deepgram", model: "nova-3", does: "stream captions" }),
    yo: refuse(NO_LIVE),
    ha: refuse(NO_LIVE),
    ig: refuse(NO_LIVE),
    pcm: refuse(NO_LIVE),
  },
  voiceConversion: {
    en: serve({ provider: "elevenlabs", model: "eleven_multilingual_sts_v2", does: "convert the voice" }),
    yo: refuse(NO_CONVERSION),
    ha: refuse(NO_CONVERSION),
    ig: refuse(NO_CONVERSION),
    pcm: refuse(NO_CONVERSION),
  },
};

export function routeFor(tool: RoutedTool, language: Language): Route {
  return ROUTES[tool][language];
}

/** The provider that speaks `language` on Vox Speaks; every language has one. */
export function speechProvider(language: Language): Provider {
  const route = ROUTES.tts[language];
  const first = route.served ? route.stages[0] : undefined;
  if (!first) throw new Error(`no speech route for ${language}`);
  return first.provider;
}
