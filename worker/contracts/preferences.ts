import { z } from "zod";
import { LANGUAGES } from "./languages.ts";

/** An account's language and custom vocabulary, shared by the Worker's routes and Settings. */

export const VOCABULARY_MAX_TERMS = 100;
export const VOCABULARY_TERM_MAX_CHARACTERS = 50;

export const languageField = z.enum(LANGUAGES, { error: "Choose a language from the list" });

export const preferencesBody = z.object({ language: languageField });
export const preferencesResponse = preferencesBody;

const term = z
  .string({ error: "Each term is text" })
  .trim()
  .min(1, "A term cannot be empty")
  .max(VOCABULARY_TERM_MAX_CHARACTERS, `A term has at most ${VOCABULARY_TERM_MAX_CHARACTERS} characters`)
  .refine((value) => !/[,\n\r\t]/.test(value), "A term cannot contain a comma, tab or line break");

export const vocabularyBody = z.object({
  terms: z
    .array(term, { error: "terms is a list of words or names" })
    .max(VOCABULARY_MAX_TERMS, `At most ${VOCABULARY_MAX_TERMS} terms`),
});
export const vocabularyResponse = vocabularyBody;
export type Vocabulary = z.infer<typeof vocabularyResponse>;
