/** A letter with the marks that follow it: Ọ̀ is one, however its code points are composed. */
const CHARACTER = /\P{M}\p{M}*/gu;

/**
 * The first `count` characters of a name as its reader counts them. `slice` counts UTF-16 units,
 * so a Yorùbá letter with a tone mark and no precomposed form (Ọ̀, Ẹ́) counted as two and could
 * lose its mark, and a character beyond the BMP was cut in half. A pattern rather than
 * `Intl.Segmenter`: the header shows this as every page loads, where no page makes a formatter
 * (tests/e2e/first-load-work.test.ts).
 */
export function firstCharacters(text: string, count: number): string {
  return (text.match(CHARACTER) ?? []).slice(0, count).join("");
}
