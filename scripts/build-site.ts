// `npm run build`: the static site in dist/site with every route's HTML rendered ahead of time, so
// a first visit paints before any JavaScript runs; the browser then hydrates it (site/src/main.tsx).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import {
  ENTRY_MODULES,
  firstVisitModules,
  initialChunks,
  type Manifest,
  pageModule,
  readManifest,
  SITE_DIST,
} from "./site-manifest.ts";

const CONFIG = "site/vite.config.ts";
const RENDERER_OUT = "dist/prerender";
const NOT_FOUND = "/404";

/** A page as site/src/prerender.tsx renders it (its own type: scripts/ are compiled without JSX). */
interface RenderedPage {
  readonly title: string;
  readonly html: string;
}

/** What site/src/prerender.tsx exports, bundled for Node by the second build. */
interface Renderer {
  readonly PRERENDERED_PATHS: readonly string[];
  renderPage(path: string): Promise<RenderedPage>;
}

/** `index.html`, `pricing.html`, `404.html`: the names Pages and Workers assets serve for each route. */
function htmlFile(path: string): string {
  return `${path === "/" ? "index" : path.slice(1)}.html`;
}

/**
 * The page's styles (render-blocking, so it paints styled) and the app's and the page's chunks as
 * module preloads: fetched while the page paints, evaluated after (site/src/main.tsx). On a slow
 * link the page answers input as soon as the last of them has arrived, so none waits for the paint.
 */
function pageAssets(manifest: Manifest, path: string, shell: string): string {
  const roots = path === NOT_FOUND ? [...ENTRY_MODULES] : firstVisitModules(manifest, pageModule(path));
  const tags = initialChunks(manifest, roots).flatMap((chunk) => [
    ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
  ]);
  return [...new Set(tags)].filter((tag) => !shell.includes(tag.match(/href="([^"]+)"/)?.[1] ?? "")).join("");
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The shell with the page's title, its assets and its rendered HTML in #root. The entry script runs
 * as soon as it arrives (async) rather than after the whole page is parsed, and the page is not
 * painted before it has run (`blocking="render"`, Chrome 105+): it holds input made before the app
 * answers (site/src/early-input.ts), so nothing a person can see or touch comes before it. It is a
 * fifth of the size of the styles, which block the paint anyway (no change in FCP measured).
 * `data-prerendered` tells the entry it will find rendered HTML.
 */
function pageHtml(manifest: Manifest, shell: string, path: string, page: RenderedPage): string {
  const entry = '<script type="module" crossorigin';
  if (!shell.includes(entry)) throw new Error(`the built shell has no ${entry}>`);
  return shell
    .replace("<html ", "<html data-prerendered ")
    .replace(entry, '<script type="module" async blocking="render" crossorigin')
    .replace(/<title>.*?<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace("</head>", `${pageAssets(manifest, path, shell)}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

await build({ configFile: CONFIG });
await build({
  configFile: CONFIG,
  logLevel: "warn",
  build: {
    ssr: "src/prerender.tsx",
    outDir: `../${RENDERER_OUT}`,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
  // One self-contained file: Node never resolves the site's dependencies (or their CSS) itself.
  ssr: { noExternal: true },
});
const renderer = (await import(pathToFileURL(join(RENDERER_OUT, "prerender.js")).href)) as Renderer;
const shell = readFileSync(join(SITE_DIST, "index.html"), "utf8");
const manifest = readManifest();
for (const path of renderer.PRERENDERED_PATHS) {
  const html = pageHtml(manifest, shell, path, await renderer.renderPage(path));
  writeFileSync(join(SITE_DIST, htmlFile(path)), html);
}
rmSync(RENDERER_OUT, { recursive: true, force: true });
console.log(`pre-rendered ${renderer.PRERENDERED_PATHS.length} pages into ${SITE_DIST}`);
