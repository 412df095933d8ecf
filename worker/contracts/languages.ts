/**
 * The languages every tool offers, named as their speakers write them. Plain constants, no zod, so
 * the tools' first load builds no schema; `z.enum(LANGUAGES)` where a request is parsed.
 */

/** ISO 639 codes: `pcm` is Naijá (Nigerian Pidgin), ISO 639-3. */
export const LANGUAGES = ["en", "yo", "ha", "ig", "pcm"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English (Nigeria)",
  yo: "Yorùbá",
  ha: "Hausa",
  ig: "Igbo",
  pcm: "Naijá (Pidgin)",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
