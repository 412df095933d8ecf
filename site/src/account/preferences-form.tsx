import {
  hasLetterOrDigit,
  VOCABULARY_MAX_TERMS,
  VOCABULARY_TERM_MAX_CHARACTERS,
} from "@worker/preferences/contracts/preferences.ts";
import { useEffect, useId, useState } from "react";
import useSWR from "swr";
import { LanguagePicker } from "../tools/language/language-picker.tsx";
import { fetchVocabulary, saveVocabulary, VOCABULARY_PATH } from "../tools/language/preferences-api.ts";
import { useLanguage } from "../tools/language/use-language.ts";
import { errorMessage, SubmitButton } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";

const termsOf = (text: string) =>
  text
    .split("\n")
    .map((term) => term.trim())
    .filter(Boolean);

function vocabularyProblem(terms: readonly string[]): string | undefined {
  if (terms.length > VOCABULARY_MAX_TERMS)
    return `Use at most ${VOCABULARY_MAX_TERMS} terms (you have ${terms.length}).`;
  const long = terms.find((term) => term.length > VOCABULARY_TERM_MAX_CHARACTERS);
  if (long) return `"${long.slice(0, 20)}…" is longer than ${VOCABULARY_TERM_MAX_CHARACTERS} characters.`;
  if (terms.some((term) => /[,;\t]/.test(term))) return "Put one term on each line, without commas or semicolons.";
  const silent = terms.find((term) => !hasLetterOrDigit(term));
  if (silent) return `"${silent}" has no letter or digit to listen for.`;
  return undefined;
}

/**
 * Settings › Profile: the language every tool opens in, and the names of people, brands and places
 * the transcription services should expect (one per line). The language is the person's own; the
 * vocabulary is the workspace's, which a viewer reads without changing.
 */
export function PreferencesForm() {
  const id = useId();
  const [language, setLanguage] = useLanguage();
  const { canEdit } = useWorkspace();
  const { data, error: loadError, mutate } = useSWR(VOCABULARY_PATH, fetchVocabulary, { revalidateOnFocus: false });
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data && text === null) setText(data.terms.join("\n"));
  }, [data, text]);
  const terms = termsOf(text ?? "");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = vocabularyProblem(terms);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const saved = await saveVocabulary(terms);
      await mutate(saved, { revalidate: false });
      setText(saved.terms.join("\n"));
      toast.success(saved.terms.length ? `Vocabulary saved: ${saved.terms.length} terms.` : "Vocabulary cleared.");
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="form preferences">
      <LanguagePicker value={language} onChange={setLanguage} hint="Every tool opens in this language." />
      <form className="form" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Vocabulary</h2>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Names and terms to recognise
          </label>
          <textarea
            id={id}
            className="field__input field__input--multiline"
            rows={6}
            value={text ?? ""}
            disabled={text === null && !loadError}
            readOnly={!canEdit}
            onChange={(event) => setText(event.target.value)}
            placeholder={"Ngozi Okonjo-Iweala\nVox\nÌbàdàn"}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
          />
          <p
            id={`${id}-hint`}
            className={terms.length > VOCABULARY_MAX_TERMS ? "field__hint field__hint--warn" : "field__hint"}
          >
            One per line: people, brands and places in your recordings. {terms.length} / {VOCABULARY_MAX_TERMS} terms,
            up to {VOCABULARY_TERM_MAX_CHARACTERS} characters each.
          </p>
          {(problem ?? loadError) && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {problem ?? "Your vocabulary could not be loaded. Refresh the page to try again."}
            </p>
          )}
        </div>
        {canEdit && <SubmitButton submitting={saving}>Save vocabulary</SubmitButton>}
      </form>
    </div>
  );
}
