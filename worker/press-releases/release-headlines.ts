import { releaseHeadline } from "./contracts/release-markdown.ts";
import { embargoLine, HEADLINE_ALTERNATIVES, type ReleaseOptions } from "./contracts/release-options.ts";
import { HEADLINES_MARKER } from "./press-release-prompt.ts";

/** A written release: its Markdown, and the other headlines the writer offered for it. */
interface WrittenRelease {
  readonly text: string;
  readonly headlines: readonly string[];
}

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * Separates the writer's answer into the release and its alternative headlines (the list after
 * `Alternative headlines:`). A writer that left the list out gives a release with none rather than
 * a failed job; quotes, `#` and bold around a headline are dropped, as are repeats of the headline.
 */
export function readWrittenRelease(answer: string, options?: ReleaseOptions): WrittenRelease {
  const lines = answer.replace(/\r\n?/g, "\n").split("\n");
  const at = lines.findLastIndex(
    (line) => line.replace(/[*_#]/g, "").trim().toLowerCase() === HEADLINES_MARKER.toLowerCase(),
  );
  const release = (at < 0 ? lines : lines.slice(0, at)).join("\n").trim();
  const text = options?.embargo_at ? withEmbargo(release, embargoLine(options.embargo_at)) : release;
  const headline = releaseHeadline(text);
  const offered =
    at < 0
      ? []
      : lines
          .slice(at + 1)
          .filter((line) => BULLET.test(line))
          .map(cleanHeadline);
  const headlines = [...new Set(offered)].filter((line) => line && line !== headline).slice(0, HEADLINE_ALTERNATIVES);
  return { text, headlines };
}

const cleanHeadline = (line: string) =>
  line
    .replace(BULLET, "")
    .replace(/^#+\s*/, "")
    .replace(/^\*\*(.*)\*\*$/, "$1")
    .replace(/^["“](.*)["”]$/, "$1")
    .trim();

/** An embargo the writer left out is put on top all the same: a release sent early cannot be recalled. */
function withEmbargo(text: string, line: string): string {
  return text.toUpperCase().includes(line.toUpperCase()) ? text : `**${line}**\n\n${text}`;
}

/** The release with `headline` as its `# ` line (added above the first paragraph if it had none). */
export function replaceHeadline(text: string, headline: string): string {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => /^#\s+/.test(line.trim()));
  if (at >= 0) return lines.map((line, index) => (index === at ? `# ${headline}` : line)).join("\n");
  return `# ${headline}\n\n${text}`;
}

/** Headlines as kept in D1 (a JSON array), read defensively: a row made before they existed has none. */
export function keptHeadlines(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
