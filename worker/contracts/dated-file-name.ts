/** The longest slug a name keeps: long enough to tell releases apart, short enough for any disk. */
const SLUG_MAX = 60;

/** A name's words as a file name carries them: `Ìpàdé ìlú (final)` → `ipade-ilu-final`. */
export function fileWords(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A download's file name from a title and the day it was made, e.g. `Ìjọba Trust opens 12
 * boreholes` on 25 November 2026 → `ijoba-trust-opens-12-boreholes-2026-11-25.docx`: ASCII, so
 * every browser and mail client keeps it. A long title is cut after its last whole word that fits.
 * `tag` (e.g. a language code) goes before the day.
 */
export function datedFileName(
  title: string,
  createdAt: string,
  extension: string,
  fallback: string,
  tag?: string,
): string {
  const words = fileWords(title);
  const head = words.slice(0, SLUG_MAX + 1);
  const slug =
    words.length <= SLUG_MAX ? words : head.includes("-") ? head.replace(/-[^-]*$/, "") : words.slice(0, SLUG_MAX);
  return `${[slug || fallback, tag, createdAt.slice(0, 10)].filter(Boolean).join("-")}.${extension}`;
}
