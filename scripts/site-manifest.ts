// Reading Vite's build manifest: which files a first visit to a route needs.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const SITE_DIST = "dist/site";

/**
 * The folder of each page that belongs to a feature (site/src/app/app-routes.tsx loads it from there);
 * the site's own pages (home, about, solutions, the legal pages) are in src/pages/.
 */
const FEATURE_PAGES: Readonly<Record<string, string>> = {
  "/pricing": "billing",
  "/settings": "account",
  "/developers": "developers",
  "/vox-speaks": "speech",
  "/voxover": "speech",
  "/vox-sentiment": "sentiment",
  "/voxscribe": "live",
  "/watch": "live",
  "/voxrelease": "press-release",
  "/vox-shield": "shield",
  "/join": "workspaces",
};

/** The module the router lazy-loads for `path`: pages are named after their route (`/` is home). */
export function pageModule(path: string): string {
  return `src/${FEATURE_PAGES[path] ?? "pages"}/${path === "/" ? "home" : path.slice(1)}.tsx`;
}

export function readManifest(dist = SITE_DIST): Manifest {
  const path = join(dist, ".vite/manifest.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: build the site first (npm run build).`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** Chunks a first visit loads: `roots` and their static imports, in dependency order. */
export function initialChunks(manifest: Manifest, roots: readonly string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.set(key, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen.values()];
}

/** The entry (styles and a loader) and the app it starts once the page has painted. */
export const ENTRY_MODULES = ["index.html", "src/boot.tsx"] as const;

/**
 * What a first visit to `page` loads before it hydrates: the entry, the app, the page and the parts
 * (components, so `.tsx` modules) it declares with `lazyNamed` (the app preloads them, see
 * site/src/ui/lazy-named.ts). A page's other dynamic imports (the API calls and schemas on /pricing,
 * say) wait for the visitor's action.
 */
export function firstVisitModules(manifest: Manifest, page: string): string[] {
  const parts = (manifest[page]?.dynamicImports ?? []).filter((module) => /^src\/.+\.tsx$/.test(module));
  return [...ENTRY_MODULES, page, ...parts];
}

/** JavaScript files a first visit to `page` downloads: `firstVisitModules` and their static imports. */
export function initialFiles(manifest: Manifest, page: string): string[] {
  return initialChunks(manifest, firstVisitModules(manifest, page))
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith(".js"));
}

/** The source modules bundled into each JavaScript file, as the build recorded them. */
export function readChunkModules(dist = SITE_DIST): Record<string, readonly string[]> {
  const path = join(dist, ".vite/chunk-modules.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: build the site first (npm run build).`);
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, readonly string[]>;
}

/** Source modules (`src/…`, `node_modules/…`) a first visit to `page` downloads. */
export function initialModules(page: string, dist = SITE_DIST): string[] {
  const modules = readChunkModules(dist);
  return initialFiles(readManifest(dist), page).flatMap((file) => modules[file] ?? []);
}
