import { ApiError } from "../core/errors.ts";
import { placeholdersIn } from "./contracts/release-markdown.ts";

/**
 * Refuses a release that still holds gaps ("[Phone]") before it goes where it cannot be taken back
 * unseen: a public newsroom page, or journalists' inboxes. `before` says which, in the message.
 */
export function refuseGaps(text: string, before: "publishing" | "sending"): void {
  const gaps = placeholdersIn(text);
  if (gaps.length === 0) return;
  throw new ApiError(409, "gaps_left", `Fill the release's gaps before ${before}: ${gaps.join(", ")}.`, {
    text: gaps.map((gap) => `Fill ${gap}`),
  });
}
