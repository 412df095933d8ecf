import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./app/app.tsx";
import { PATHS } from "./paths.ts";

/** Every route the site has, plus the page unknown addresses get (served as `404.html`). */
export const PRERENDERED_PATHS: readonly string[] = [...Object.values(PATHS), "/404"];

/** The HTML of `path` as a first visit sees it: signed out, every lazy part loaded. */
export async function renderPage(path: string): Promise<string> {
  const page = (
    <StaticRouter location={path}>
      <App />
    </StaticRouter>
  );
  // The first pass loads every lazy chunk the page shows. A boundary that resolves late would be
  // streamed with an inline script, which the CSP forbids, so the HTML comes from a second,
  // synchronous pass in which nothing suspends any more.
  const { prelude } = await prerenderToNodeStream(page);
  for await (const _ of prelude);
  const html = renderToString(page);
  // `<!--$!-->` marks a boundary the server gave up on; the browser would render it from scratch.
  if (html.includes("<script") || html.includes("<!--$!-->")) {
    throw new Error(`${path} did not render completely ahead of time`);
  }
  return html;
}
