/**
 * A download's file name from a title and the day it was made, e.g. `Ìjọba Trust opens 12
 * boreholes` on 25 November 2026 → `ijoba-trust-opens-12-boreholes-2026-11-25.docx`: ASCII, so
 * every browser and mail client keeps it.
 */
export function datedFileName(title: string, createdAt: string, extension: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || fallback}-${createdAt.slice(0, 10)}.${extension}`;
}
