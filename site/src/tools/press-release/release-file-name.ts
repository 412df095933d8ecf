import type { Language } from "@contracts/languages.ts";

/** The Markdown the generator writes, as plain text for the .txt download and pasting into e-mail. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/^#{1,6}\s+/, "")
        .replace(/^>\s?/, "")
        .replace(/^\s*[-*]\s+/, "• ")
        .replace(/(\*\*|__)(.+?)\1/g, "$2")
        .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, "$1$2")
        .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, "$1 ($2)"),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .concat("\n");
}

/** A download name from the recording's name: `town-hall.mp3` → `town-hall-press-release.md`. */
export function releaseFileName(recording: string, extension: "md" | "txt", language?: Language): string {
  const base = recording.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "-") || "recording";
  return `${base}-press-release${language ? `-${language}` : ""}.${extension}`;
}
