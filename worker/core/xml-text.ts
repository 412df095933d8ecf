/**
 * The one rule for text going into XML (every DOCX writer): only what XML 1.0's `Char` production
 * allows is kept. C0 controls but tab, line feed and carriage return, lone surrogate halves, U+FFFE
 * and U+FFFF make a file that is not well-formed, which Word refuses whole; they carry nothing a
 * reader sees, so they are dropped.
 */
const inXml = (codePoint: number) =>
  codePoint === 0x9 ||
  codePoint === 0xa ||
  codePoint === 0xd ||
  (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
  (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
  codePoint >= 0x10000;

export function xmlText(text: string): string {
  // Iterating a string goes by code point, and a lone surrogate half comes out as one of its own.
  return Array.from(text)
    .filter((character) => inXml(character.codePointAt(0) ?? 0))
    .join("");
}
