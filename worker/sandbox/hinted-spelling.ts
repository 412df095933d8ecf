/**
 * What a recogniser does with terms it was told to expect, as the sandbox emulators show it: a
 * run of words in the transcript that matches a term, whatever its case, is written the way the
 * term is. So a hint that reached the emulator is visible in its answer, and one that did not
 * leaves the transcript as the corpus has it.
 */
export function spellAsHinted(text: string, terms: readonly string[]): string {
  let spelled = text;
  for (const term of terms) {
    const words = term.trim().split(/\s+/).filter(Boolean).map(literally);
    if (words.length === 0) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join("\\s+")}(?![\\p{L}\\p{N}])`, "giu");
    spelled = spelled.replace(pattern, term.trim());
  }
  return spelled;
}

const literally = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
