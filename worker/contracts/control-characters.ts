/**
 * Characters no one-line text (a name, a title, an e-mail subject) may carry: C0 and C1 controls
 * (CR and LF end a mail header or a transcript turn and start another, NUL cuts a string short),
 * the Unicode line and paragraph separators, the bidi controls, which make text display in another
 * order than it is read, the Unicode non-characters (U+FDD0–U+FDEF and the last two code points of
 * every plane, which XML cannot hold) and lone surrogate halves, which are no character at all.
 * Kept free of zod so the site can use it too.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}\p{Noncharacter_Code_Point}\p{Cs}]/u;
const CONTROLS = new RegExp(CONTROL.source, "gu");

export const NO_CONTROLS_IN_NAME = "A name cannot contain line breaks or control characters";

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROLS, "");
}

const NOT_CHARACTERS = /[\p{Noncharacter_Code_Point}\p{Cs}]/gu;

/**
 * Drops what the name rule refuses since it also covered non-characters and lone surrogates, so
 * text saved under the older rule (controls and bidi were refused already) reads as valid.
 */
export function withoutNonCharacters(text: string): string {
  return text.replace(NOT_CHARACTERS, "");
}

/** The form every name-like text is kept in: composed (NFC), so one name is one string, and trimmed. */
export function normalisedLine(text: string): string {
  return text.normalize("NFC").trim();
}
