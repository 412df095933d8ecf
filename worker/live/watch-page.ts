import { PAGE_PATHS } from "../contracts/page-paths.ts";

const LINK_PAGE = new RegExp(`^${PAGE_PATHS.watch}/[^/]+/?$`);

/**
 * Every caption link, `/watch/<token>`, is the one pre-rendered `/watch` page (the site's router
 * reads the token). Served straight from the static assets with the site's own headers, before
 * the API app, whose headers are for JSON and would forbid the page's scripts.
 */
export function watchPage(request: Request, env: Env): Promise<Response> | null {
  const url = new URL(request.url);
  if ((request.method !== "GET" && request.method !== "HEAD") || !LINK_PAGE.test(url.pathname)) return null;
  return env.ASSETS.fetch(new Request(new URL(PAGE_PATHS.watch, url), request));
}
