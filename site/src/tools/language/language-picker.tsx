import { type LanguageTool, languageRefusal } from "@contracts/language-support.ts";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@contracts/languages.ts";
import { useId } from "react";
import { FieldFrame } from "../../ui/form-fields.tsx";

interface LanguagePickerProps {
  /** The tool whose limits are said; none in Settings, where the choice is for every tool. */
  readonly tool?: LanguageTool;
  readonly value: Language;
  readonly onChange: (language: Language) => void;
  /** Shown under the control while the chosen language is served. */
  readonly hint?: string;
  /** The account's language, when the tool does not take it and opened in the default instead. */
  readonly carried?: Language | null;
}

/**
 * The "Language" control every tool shows, each language named as its speakers write it. A
 * language the tool cannot serve stays choosable (it is the account's language elsewhere) and the
 * reason is said at once, before anything is sent.
 */
export function LanguagePicker({ tool, value, onChange, hint, carried }: LanguagePickerProps) {
  const id = useId();
  const refusal = tool ? languageRefusal(tool, value) : null;
  const note = carried
    ? `Opened in ${LANGUAGE_NAMES[value]}: this tool does not take ${LANGUAGE_NAMES[carried]} yet. ${LANGUAGE_NAMES[carried]} stays your language in the tools that do.`
    : hint;
  return (
    <FieldFrame id={id} label="Language" hint={refusal ? undefined : note}>
      <select
        id={id}
        className="field__input"
        lang={value}
        value={value}
        onChange={(event) => {
          const chosen = LANGUAGES.find((language) => language === event.target.value);
          if (chosen) onChange(chosen);
        }}
        aria-describedby={refusal ? `${id}-refusal` : note ? `${id}-hint` : undefined}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {/* A status, so a screen reader hears why as soon as the language is chosen. */}
      <p id={`${id}-refusal`} className="field__hint field__hint--warn" role="status">
        {refusal}
      </p>
    </FieldFrame>
  );
}

/** True when the tool can take `language`; the picker has already said why when it cannot. */
export const languageServed = (tool: LanguageTool, language: Language) => languageRefusal(tool, language) === null;
