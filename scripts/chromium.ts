import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const INSTALL_HINT = "Chromium is missing: run `sudo apt-get install -y chromium` (Debian), or set CHROMIUM_PATH.";

/** Finds Debian's Chromium; as root with apt it installs it, otherwise it stops with one clear line. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) throw new Error(INSTALL_HINT);
  console.log("[e2e] installing Debian's chromium (one time)…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(INSTALL_HINT);
  return CHROMIUM_PATH;
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
