import { z } from "zod";
import { lineField } from "../../contracts/fields.ts";
import { LANGUAGES } from "../../contracts/languages.ts";

/** An account's language and custom vocabulary, shared by the Worker's routes and Settings. */

export const VOCABULARY_MAX_TERMS = 100;
export const VOCABULARY_TERM_MAX_CHARACTERS = 50;

const languageField = z.enum(LANGUAGES, { error: "Choose a language from the list" });

export const preferencesBody = z.object({ language: languageField });
export const preferencesResponse = preferencesBody;

/** Zod-free, so the Settings form can tell the same before it sends. */
export const hasLetterOrDigit = (term: string) => /[\p{L}\p{N}]/u.test(term);

/**
 * A term is a name-like field, and also goes to the recognisers as one `keyterm`: a comma or
 * semicolon would read as a separator there, and a term with no letter or digit (`;`, `--`) is
 * nothing to listen for, which Deepgram refuses and which would fail every report and live session.
 */
export const vocabularyTerm = lineField(VOCABULARY_TERM_MAX_CHARACTERS, {
  required: "A term cannot be empty",
  control: "A term cannot contain line breaks or control characters",
})
  .refine((value) => !/[,;]/.test(value), "A term cannot contain a comma or semicolon")
  .refine((value) => value === "" || hasLetterOrDigit(value), "A term needs at least one letter or digit");

export const vocabularyBody = z.object({
  terms: z
    .array(vocabularyTerm, { error: "terms is a list of words or names" })
    .max(VOCABULARY_MAX_TERMS, `At most ${VOCABULARY_MAX_TERMS} terms`),
});
export const vocabularyResponse = vocabularyBody;
export type Vocabulary = z.infer<typeof vocabularyResponse>;
