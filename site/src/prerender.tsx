import { renderToStringAsync } from "preact-render-to-string";
import { StaticRouter } from "react-router-dom";
import { App } from "./app/app.tsx";
import { PATHS } from "./paths.ts";
import { PrerenderedTitle } from "./ui/document-title.tsx";

/** Every route the site has, plus the page unknown addresses get (served as `404.html`). */
export const PRERENDERED_PATHS: readonly string[] = [...Object.values(PATHS), "/404"];

interface RenderedPage {
  readonly title: string;
  readonly html: string;
}

/** The HTML of `path` as a first visit sees it: signed out, every lazy part loaded. */
export async function renderPage(path: string): Promise<RenderedPage> {
  let title: string | undefined;
  // Waits for every lazy part the page shows, so the HTML is whole and needs no inline script.
  const html = await renderToStringAsync(
    <PrerenderedTitle value={(pageTitle) => (title = pageTitle)}>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </PrerenderedTitle>,
  );
  if (title === undefined) throw new Error(`${path} rendered no DocumentTitle`);
  if (html.includes("<script")) throw new Error(`${path} did not render completely ahead of time`);
  return { title, html };
}
