import type { Language } from "./languages.ts";
import type { ToolId } from "./tools.ts";

/**
 * Which languages each tool serves, and what a visitor reads for one it cannot: shared by the
 * site's Language control (it says so before anything is sent) and the Worker's routing table
 * (`worker/routing.ts`, which names the providers and refuses with the same words).
 */

export type LanguageTool = Exclude<ToolId, "deepfake">;

const NO_PIDGIN_RECOGNITION =
  "No provider we use recognises spoken Naijá (Pidgin) yet, so recordings in it cannot be transcribed. Choose English (Nigeria) if the speakers mostly use English.";
const NO_LIVE_PIDGIN =
  "Live transcription is available in English (Nigeria), Yorùbá, Hausa and Igbo: no provider we use recognises spoken Naijá (Pidgin) yet. Choose English (Nigeria) if the speakers mostly use English; viewers of your caption link can still read the captions in Naijá.";
const NO_CONVERSION = "Voice conversion is available in English (Nigeria) only for now.";

/** `null`: served. A string: the reason it is not, shown as is. */
export const LANGUAGE_REFUSALS: Readonly<Record<LanguageTool, Readonly<Record<Language, string | null>>>> = {
  tts: { en: null, yo: null, ha: null, ig: null, pcm: null },
  sentiment: { en: null, yo: null, ha: null, ig: null, pcm: NO_PIDGIN_RECOGNITION },
  pressRelease: { en: null, yo: null, ha: null, ig: null, pcm: NO_PIDGIN_RECOGNITION },
  live: { en: null, yo: null, ha: null, ig: null, pcm: NO_LIVE_PIDGIN },
  voiceConversion: { en: null, yo: NO_CONVERSION, ha: NO_CONVERSION, ig: NO_CONVERSION, pcm: NO_CONVERSION },
};

export function languageRefusal(tool: LanguageTool, language: Language): string | null {
  return LANGUAGE_REFUSALS[tool][language];
}
