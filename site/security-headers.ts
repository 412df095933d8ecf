import { COMMON_SECURITY_HEADERS, HSTS } from "../worker/contracts/security-headers.ts";
import type { SiteConfig } from "./site-config.ts";

/**
 * The site's security headers, written to `_headers` at build time: Cloudflare Pages and Workers
 * static assets both serve that file's headers, so `npm start` checks the same policy production
 * sends. The Content-Security-Policy lists exactly what the product loads.
 */

/** The voice-assistant client on /developers: the assistant API, Daily's call bundle and network, the voice API. */
const VOICE_CLIENT = {
  script: ["https://c.daily.co"],
  connect: ["https://api.vapi.ai", "https://*.daily.co", "wss://*.daily.co", "wss://api.hume.ai"],
};
/** Voice previews of the real speech provider are public files on its storage. */
const VOICE_PREVIEWS = ["https://storage.googleapis.com"];

const originOf = (url: string) => (url ? new URL(url).origin : null);

export function contentSecurityPolicy(config: SiteConfig): string {
  const api = originOf(config.apiBase);
  const apiSocket = api ? api.replace(/^http/, "ws") : null;
  const shield = config.shieldFromWorker ? (api ?? "'self'") : originOf(config.shieldUrl);
  const frames = [shield, originOf(config.demoVideoUrl)].filter((o): o is string => o !== null);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...VOICE_CLIENT.script],
    // React style attributes and the toast library's injected stylesheet.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:", ...VOICE_PREVIEWS],
    "connect-src": ["'self'", ...(api && apiSocket ? [api, apiSocket] : []), ...VOICE_CLIENT.connect],
    "frame-src": frames.length ? frames : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The `_headers` file: security headers on every path, and long caching for hashed assets. */
export function headersFile(config: SiteConfig): string {
  const lines = [
    "/*",
    `  Content-Security-Policy: ${contentSecurityPolicy(config)}`,
    ...Object.entries(COMMON_SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    `  Strict-Transport-Security: ${HSTS}`,
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
  ];
  return `${lines.join("\n")}\n`;
}
