import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { DEJAVU_SANS, DEJAVU_SANS_BOLD, DEJAVU_SANS_OBLIQUE } from "./fonts/dejavu-sans.ts";

/**
 * Fonts for a PDF that must show Yorùbá, Hausa and Igbo as written. The standard PDF fonts encode
 * WinAnsi only, so ọ, ẹ, ṣ lost their dots and ƙ, ɗ, ɓ and the tone marks on a dotted letter (ẹ́,
 * ọ̀) could not be drawn at all; these faces carry every one of them. They are embedded whole, not
 * subset: fontkit's subsetting settles a promise through an object it keeps between calls, so a
 * PDF made in one request (a receipt mailed after the answer) hung the next request's PDF with
 * "Cannot perform I/O on behalf of a different request". The faces are already cut down to the
 * letters we need.
 */

interface UnicodeFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly italic: PDFFont;
}

const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export async function embedUnicodeFonts(pdf: PDFDocument): Promise<UnicodeFonts> {
  pdf.registerFontkit(fontkit);
  const [regular, bold, italic] = await Promise.all(
    [DEJAVU_SANS, DEJAVU_SANS_BOLD, DEJAVU_SANS_OBLIQUE].map((face) => pdf.embedFont(bytes(face))),
  );
  if (!regular || !bold || !italic) throw new Error("A font could not be embedded");
  return { regular, bold, italic };
}

const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

/**
 * `text` as the font can draw it: composed (NFC), so a letter typed as e + dot below + acute is the
 * font's ẹ with one mark, and "?" for a character it has no glyph for (an emoji, another script)
 * rather than an empty box.
 */
export function drawable(text: string, font: PDFFont): string {
  let known = characterSets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    characterSets.set(font, known);
  }
  return [...text.normalize("NFC")].map((char) => (known?.has(char.codePointAt(0) ?? 0) ? char : "?")).join("");
}
