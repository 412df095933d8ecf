import type { Language } from "@contracts/languages.ts";

/** A download name from the recording's name: `town-hall.mp3` → `town-hall-press-release.md`. */
export function releaseFileName(recording: string, extension: "md" | "txt", language?: Language): string {
  const base = recording.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "-") || "recording";
  return `${base}-press-release${language ? `-${language}` : ""}.${extension}`;
}
