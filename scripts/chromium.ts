import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium's headless shell: the same engine, version and Debian source as `chromium`, without the
 * browser's own windowing and compositing, as Playwright runs headless pages by default. The
 * browser tests run on it: the same fourteen page loads and screenshots took 35–39 s of CPU in it
 * against 79–85 s in the full browser. What must time a visitor's browser as a whole
 * (`npm run lighthouse`'s performance scores, the benches, the demo) keeps `chromium`.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Which of Debian's two Chromium builds a caller drives, with the package that brings it. */
const BROWSERS = {
  full: { path: CHROMIUM_PATH, debianPackage: "chromium", variable: "CHROMIUM_PATH" },
  "headless-shell": {
    path: HEADLESS_SHELL_PATH,
    debianPackage: "chromium-headless-shell",
    variable: "CHROMIUM_HEADLESS_SHELL_PATH",
  },
} as const;

type BrowserBuild = keyof typeof BROWSERS;

/**
 * The fonts the browser tests lay pages out with, so a result never depends on which fonts a
 * machine happens to have: a wide one (Debian's default sans) and a narrow one, each with the
 * Debian package that brings it.
 */
export const PINNED_FONTS = {
  wide: { family: "DejaVu Sans", debianPackage: "fonts-dejavu-core" },
  narrow: { family: "Liberation Sans Narrow", debianPackage: "fonts-liberation" },
} as const;

export type PinnedFont = keyof typeof PINNED_FONTS;

function fontInstalled(family: string): boolean {
  try {
    return execFileSync("fc-list", [family, "family"], { encoding: "utf8" }).trim() !== "";
  } catch {
    // No fontconfig yet: Chromium's package brings it.
    return false;
  }
}

function missingPackages(build: BrowserBuild): string[] {
  const browser = BROWSERS[build];
  const missing: string[] = existsSync(browser.path) ? [] : [browser.debianPackage];
  for (const font of Object.values(PINNED_FONTS)) if (!fontInstalled(font.family)) missing.push(font.debianPackage);
  // The browser files' one other tool: it makes the certificate of the streaming SDK test's TLS front.
  if (!existsSync("/usr/bin/openssl")) missing.push("openssl");
  return missing;
}

/**
 * Finds Debian's Chromium and the pinned fonts; as root with apt it installs what is missing,
 * otherwise it stops with one clear line naming the packages.
 */
export function ensureBrowser(build: BrowserBuild = "full"): string {
  const browser = BROWSERS[build];
  const missing = missingPackages(build);
  if (missing.length === 0) return browser.path;
  const hint = `Missing for the browser: run \`sudo apt-get install -y ${missing.join(" ")}\` (Debian)${missing.includes(browser.debianPackage) ? `, or set ${browser.variable}` : ""}.`;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) throw new Error(hint);
  console.log(`[e2e] installing Debian's ${missing.join(", ")} (one time)…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (missingPackages(build).length > 0) throw new Error(hint);
  return browser.path;
}

/** Flags for this machine's closed network: background services would only fill the log with refusals. */
export const CLOSED_NETWORK_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;
