/**
 * The first `count` characters of a name as its reader counts them. `slice` counts UTF-16 units,
 * so a Yorùbá letter with a tone mark and no precomposed form (Ọ̀, Ẹ́) counted as two and could
 * lose its mark, and a character beyond the BMP was cut in half. Where a browser has no
 * `Intl.Segmenter`, code points are the nearest count.
 */
export function firstCharacters(text: string, count: number): string {
  if (typeof Intl.Segmenter !== "function") return Array.from(text).slice(0, count).join("");
  let start = "";
  let taken = 0;
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (taken === count) break;
    start += segment;
    taken += 1;
  }
  return start;
}
