/**
 * Characters no one-line text (a name, an e-mail subject) may carry: C0 and C1 controls (CR and LF
 * end a mail header and start another, NUL cuts a string short), the Unicode line and paragraph
 * separators, and the bidi controls, which make text display in another order than it is read.
 * Kept free of zod so the site can use it too.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;
const CONTROLS = new RegExp(CONTROL.source, "gu");

export const NO_CONTROLS_IN_NAME = "A name cannot contain line breaks or control characters";

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROLS, "");
}
