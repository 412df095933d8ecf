import { datedFileName } from "../../contracts/dated-file-name.ts";
import type { Language } from "../../contracts/languages.ts";

/**
 * The Markdown a press release is written in, read the one way every export needs: blocks
 * (headings and paragraphs) of runs (bold, italic), plain text, and a file name. Shared by the
 * Worker's exports and the site's "Copy as rich text".
 */

export interface Run {
  readonly text: string;
  readonly bold: boolean;
  readonly italic: boolean;
}

export type Block =
  | { readonly kind: "heading"; readonly level: 1 | 2 | 3; readonly runs: readonly Run[] }
  | { readonly kind: "paragraph"; readonly runs: readonly Run[] };

/** `**bold**`, `__bold__`, `*italic*` and `_italic_`; everything else is text as written. */
const INLINE = /(\*\*|__)(.+?)\1|(^|[^*\w])([*_])([^*_\n]+)\4(?=[^*\w]|$)/g;

function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  const plain = (value: string) => value && runs.push({ text: value, bold: false, italic: false });
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, , bold, before = "", , italic] = match;
    plain(text.slice(last, match.index) + before);
    if (bold !== undefined) runs.push({ text: bold, bold: true, italic: false });
    else if (italic !== undefined) runs.push({ text: italic, bold: false, italic: true });
    last = match.index + whole.length;
  }
  plain(text.slice(last));
  return runs;
}

/**
 * Blank lines end a paragraph; a list item is one; a `#` line is a heading (levels past 3 read as 3). The release's
 * closing `###` is text, not an empty heading.
 */
export function releaseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push({ kind: "paragraph", runs: runsOf(lines.join(" ")) });
    lines = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (!line) flush();
    else if (heading?.[1] && heading[2]) {
      flush();
      const level = Math.min(heading[1].length, 3) as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, runs: runsOf(heading[2]) });
    } else if (/^[-*]\s+/.test(line)) {
      // A list item is a paragraph of its own, so items never run together.
      flush();
      lines.push(line.replace(/^[-*]\s+/, "• "));
      flush();
    } else lines.push(line.replace(/^>\s?/, ""));
  }
  flush();
  return blocks;
}

/** The release as plain text: one paragraph per block, a blank line between. */
export function releasePlainText(markdown: string): string {
  const lines = releaseBlocks(markdown).map((block) => block.runs.map((run) => run.text).join(""));
  // Paragraphs apart, the items of a list on consecutive lines.
  const joined = lines.map((line, i) =>
    i > 0 && isBullet(line) && isBullet(lines[i - 1] ?? "") ? `\n${line}` : `\n\n${line}`,
  );
  return `${joined.join("").replace(/^\n\n/, "")}\n`;
}

const isBullet = (line: string) => line.startsWith("• ");

/** A square-bracketed gap the writer left for a person to fill, such as `[Phone]`. */
export const PLACEHOLDER = /\[[^\]\n]{1,60}\]/g;

/** The gaps `text` still has, each once, in the order they first appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER) ?? [])];
}

/** The release's first heading, or its first words. */
export function releaseHeadline(markdown: string): string {
  const blocks = releaseBlocks(markdown);
  // An embargo line may stand above the headline.
  const first = blocks.find((block) => block.kind === "heading" && block.level === 1) ?? blocks[0];
  return first ? first.runs.map((run) => run.text).join("") : "";
}

/** The release's download name, from its headline and the day it was written; a translated copy names its language. */
export function releaseFileName(markdown: string, createdAt: string, extension: string, language?: Language): string {
  return datedFileName(releaseHeadline(markdown), createdAt, extension, "press-release", language);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** The release as HTML for pasting into an e-mail; every character of the text is escaped. */
export function releaseHtml(markdown: string): string {
  const runs = (list: readonly Run[]) =>
    list
      .map((run) => {
        const text = escapeHtml(run.text);
        return run.bold ? `<strong>${text}</strong>` : run.italic ? `<em>${text}</em>` : text;
      })
      .join("");
  return releaseBlocks(markdown)
    .map((block) =>
      block.kind === "heading"
        ? `<h${block.level}>${runs(block.runs)}</h${block.level}>`
        : `<p>${runs(block.runs)}</p>`,
    )
    .join("\n");
}
