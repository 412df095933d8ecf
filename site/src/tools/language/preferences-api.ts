import { API } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import { apiRequest, schemaOf } from "../../api/client.ts";

/** The account's language and custom vocabulary (`/api/preferences`, `/api/vocabulary`). */

const preferences = () => import("@worker/preferences/contracts/preferences.ts");

export const PREFERENCES_PATH = API.preferences.path.preferences;
export const VOCABULARY_PATH = API.vocabulary.path.terms;

export const fetchPreferences = () =>
  apiRequest(PREFERENCES_PATH, { schema: schemaOf(preferences, "preferencesResponse") });

export const saveLanguagePreference = (language: Language) =>
  apiRequest(PREFERENCES_PATH, {
    method: "PUT",
    body: { language },
    schema: schemaOf(preferences, "preferencesResponse"),
  });

export const fetchVocabulary = () =>
  apiRequest(VOCABULARY_PATH, { schema: schemaOf(preferences, "vocabularyResponse") });

export const saveVocabulary = (terms: readonly string[]) =>
  apiRequest(VOCABULARY_PATH, { method: "PUT", body: { terms }, schema: schemaOf(preferences, "vocabularyResponse") });
