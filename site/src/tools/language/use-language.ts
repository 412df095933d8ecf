import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@contracts/languages.ts";
import { useCallback, useSyncExternalStore } from "react";
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

export function useLanguage(): readonly [Language, (language: Language) => void] {
  const user = useStoredUser();
  const local = useSyncExternalStore(subscribe, storedLanguage, () => DEFAULT_LANGUAGE);
  const { mutate } = useSWR(user ? PREFERENCES_PATH : null, fetchPreferences, {
    revalidateOnFocus: false,
    onSuccess: (preferences) => storeLanguage(preferences.language),
  });
  const choose = useCallback(
    (language: Language) => {
      storeLanguage(language);
      if (!user) return;
      // A failed save leaves this browser's choice in place; the account keeps its last one.
      void mutate(saveLanguagePreference(language), { optimisticData: { language }, rollbackOnError: false }).catch(
        () => undefined,
      );
    },
    [user, mutate],
  );
  return [local, choose] as const;
}
