import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { COMMON_SECURITY_HEADERS, HSTS } from "../contracts/security-headers.ts";

/**
 * The Worker's own answers are JSON, audio and the sandbox checkout page: nothing of theirs may
 * run scripts, be framed or load from elsewhere. (The site's pages get their policy from
 * `_headers`, see `site/security-headers.ts`.)
 */
const WORKER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The same policy for a page the site frames: only the site itself (this origin, or SITE_URL) may. */
function framedCsp(siteUrl: string | null): string {
  return WORKER_CSP.replace("frame-ancestors 'none'", `frame-ancestors 'self'${siteUrl ? ` ${siteUrl}` : ""}`);
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade (101) carries no document.
  if (c.res.status === 101) return;
  const apply = (headers: Headers) => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
    if (c.var.framedBySite) {
      headers.set("Content-Security-Policy", framedCsp(c.var.config.siteUrl));
      // Browsers that know frame-ancestors ignore this; older ones get at least the same origin.
      headers.set("X-Frame-Options", "SAMEORIGIN");
    } else {
      headers.set("Content-Security-Policy", WORKER_CSP);
    }
    if (c.var.config?.environment === "production") headers.set("Strict-Transport-Security", HSTS);
  };
  try {
    apply(c.res.headers);
  } catch {
    // Responses passed through unchanged from another fetch have immutable headers.
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
});
