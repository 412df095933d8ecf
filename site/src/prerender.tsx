import { prerender } from "react-dom/static";
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
  // `prerender` waits for every lazy part the page shows. React outlines a large boundary behind
  // its fallback and an inline script that swaps it in, so a streamed page can paint early; a
  // page built ahead of time has nothing to stream, so every boundary is written in place.
  const { prelude } = await prerender(
    <PrerenderedTitle value={(pageTitle) => (title = pageTitle)}>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </PrerenderedTitle>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => console.error(`[prerender ${path}]`, error) },
  );
  const html = await new Response(prelude).text();
  if (title === undefined) throw new Error(`${path} rendered no DocumentTitle`);
  if (html.includes("<script")) throw new Error(`${path} did not render completely ahead of time`);
  return { title, html };
}
