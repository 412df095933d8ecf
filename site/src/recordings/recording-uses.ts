import type { RecordingUse } from "@worker/recordings/contracts/recordings.ts";

/** How a job that uses a recording is named to the user: `the press release “Headline”`. */
export function useName(use: RecordingUse): string {
  if (use.kind === "press_release") return use.title ? `the press release “${use.title}”` : "a press release";
  return "a sentiment report";
}

/** `a, b and c`. */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
