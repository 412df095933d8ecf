import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Shapes of the provider keys the Worker holds; none may ever appear in a file the browser gets. */
export const KEY_PATTERNS: Record<string, RegExp> = {
  paystack: /\b[sp]k_(?:live|test)_[0-9a-zA-Z]{20,}/,
  elevenlabs: /\bsk_[0-9a-f]{48}\b/,
  resend: /\bre_[A-Za-z0-9]{6,}_[A-Za-z0-9]{12,}\b/,
  deepgram: /\b[0-9a-f]{40}\b/,
  assemblyai: /\b[0-9a-f]{32}\b/,
  sandbox: /\bsandbox-[a-z-]+-key\b/,
};

/** Values of .dev.vars long enough to be secrets (not flags like SANDBOX=1). */
export function devVarValues(path = ".dev.vars"): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line) => /^\s*[A-Z0-9_]+\s*=\s*"?(.*?)"?\s*$/.exec(line)?.[1] ?? "")
    .filter((value) => value.length >= 12);
}

/**
 * Public values inside third-party bundles that merely share a key's shape: the call library
 * (@daily-co/daily-js, loaded by /developers) carries a UUID template and its public Sentry DSN key.
 */
const PUBLIC_LOOKALIKES = ["10000000100040008000100000000000", "f10f1c81e5d44a4098416c0867a8b740"];

export function findSecrets(text: string, knownValues: readonly string[]): string[] {
  const scanned = PUBLIC_LOOKALIKES.reduce((rest, value) => rest.replaceAll(value, ""), text);
  const found = Object.entries(KEY_PATTERNS)
    .filter(([, pattern]) => pattern.test(scanned))
    .map(([name]) => `${name} key pattern`);
  for (const value of knownValues) if (text.includes(value)) found.push(".dev.vars value");
  return found;
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
