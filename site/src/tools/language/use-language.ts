import { type LanguageTool, languageRefusal } from "@contracts/language-support.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@contracts/languages.ts";
import { useCallback, useState, useSyncExternalStore } from "react";
import useSWR from "swr";
import { STORAGE_KEYS, subscribeToStored, useStoredUser } from "../../api/session.ts";
import { fetchPreferences, PREFERENCES_PATH, saveLanguagePreference } from "./preferences-api.ts";

/**
 * The language the tools open in. A visitor's choice stays in this browser; a signed-in user's is
 * kept with the account (so a phone and a laptop agree) and mirrored here, so the control shows it
 * before the account's answer arrives.
 */

const CHANGE_EVENT = "vox:language";

function storedLanguage(): Language {
  const value = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

const subscribe = subscribeToStored(CHANGE_EVENT);

function storeLanguage(language: Language): void {
  if (localStorage.getItem(STORAGE_KEYS.language) === language) return;
  localStorage.setItem(STORAGE_KEYS.language, language);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * The language a tool opens in, and the way to choose another (which becomes the account's). A
 * tool that does not take the account's language opens in the default one instead of greeting the
 * person with a refusal; `carried` is then the language left behind, for the control to say so.
 * Chosen in the tool, a language is shown as chosen, refused or not.
 */
export function useLanguage(
  tool?: LanguageTool,
): readonly [Language, (language: Language) => void, { readonly carried: Language | null }] {
  const user = useStoredUser();
  const local = useSyncExternalStore(subscribe, storedLanguage, () => DEFAULT_LANGUAGE);
  const [chosenHere, setChosenHere] = useState(false);
  const { mutate } = useSWR(user ? PREFERENCES_PATH : null, fetchPreferences, {
    revalidateOnFocus: false,
    onSuccess: (preferences) => storeLanguage(preferences.language),
  });
  const choose = useCallback(
    (language: Language) => {
      setChosenHere(true);
      storeLanguage(language);
      if (!user) return;
      // A failed save leaves this browser's choice in place; the account keeps its last one.
      void mutate(saveLanguagePreference(language), { optimisticData: { language }, rollbackOnError: false }).catch(
        () => undefined,
      );
    },
    [user, mutate],
  );
  const carried = tool && !chosenHere && languageRefusal(tool, local) !== null ? local : null;
  return [carried ? DEFAULT_LANGUAGE : local, choose, { carried }] as const;
}
