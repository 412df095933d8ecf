import { isLanguage, type Language } from "@contracts/languages.ts";
import { useEffect, useState } from "react";

export const TEXT_SIZES = ["Normal", "Large", "Larger", "Huge"] as const;
export const THEMES = ["Light", "Dark", "High contrast"] as const;

export interface CaptionPreferences {
  readonly size: (typeof TEXT_SIZES)[number];
  readonly theme: (typeof THEMES)[number];
  /** The language the captions are read in; null: as spoken. */
  readonly language: Language | null;
}

const KEY = "vox.captions";
const DEFAULTS: CaptionPreferences = { size: "Large", theme: "Light", language: null };

function stored(): CaptionPreferences {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<CaptionPreferences> | null;
    return {
      size: TEXT_SIZES.find((size) => size === value?.size) ?? DEFAULTS.size,
      theme: THEMES.find((theme) => theme === value?.theme) ?? DEFAULTS.theme,
      language: isLanguage(value?.language) ? value.language : DEFAULTS.language,
    };
  } catch {
    return DEFAULTS;
  }
}

/**
 * A reader's text size, colours and language, remembered on this device for the next caption link. Read after
 * the first render, so the pre-rendered page hydrates with the defaults it was built with.
 */
export function useCaptionPreferences() {
  const [preferences, setPreferences] = useState<CaptionPreferences>(DEFAULTS);
  /** The stored choice has been read, so the captions can open in its language. */
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setPreferences(stored());
    setLoaded(true);
  }, []);
  const update = (change: Partial<CaptionPreferences>) => {
    const next = { ...preferences, ...change };
    setPreferences(next);
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Private browsing may refuse storage; the choice still holds on this page.
    }
  };
  return [preferences, update, loaded] as const;
}
