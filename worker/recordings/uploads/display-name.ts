import { normalisedLine, withoutControlCharacters } from "../../contracts/control-characters.ts";

/**
 * Keeps the user's file name readable in lists without letting it shape a storage key. A file name
 * comes from someone's disk, so what the name rule refuses is dropped here rather than refused.
 */
export function displayName(name: string): string {
  const cleaned = normalisedLine(withoutControlCharacters(name.replace(/\s+/g, " ")).replace(/[/\\]/g, ""));
  // Cut by code point, so the cut never leaves half of a surrogate pair.
  return [...cleaned].slice(0, 200).join("").trim() || "Recording";
}
