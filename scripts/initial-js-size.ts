// Prints, per route, the gzip size of the JavaScript a first visit to it downloads.
// Usage: npm run build && npm run build:sizes
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
}

type Manifest = Record<string, ManifestChunk>;

export const SITE_DIST = "dist/site";

/** Route → the page module the router lazy-loads for it. */
export const ROUTE_MODULES: Record<string, string> = {
  "/": "src/pages/home.tsx",
  "/solutions": "src/pages/solutions.tsx",
  "/pricing": "src/pages/pricing.tsx",
  "/vox-speaks": "src/pages/vox-speaks.tsx",
  "/voxscribe": "src/pages/voxscribe.tsx",
};

export function readManifest(dist = SITE_DIST): Manifest {
  const path = join(dist, ".vite/manifest.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: build the site first (npm run build).`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** Files a first visit to `pageModule` loads: the entry, the page, and their static imports. */
export function initialFiles(manifest: Manifest, pageModule: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  visit(pageModule);
  return [...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith(".js"));
}

export function gzipBytes(dist: string, files: readonly string[]): number {
  return files.reduce((total, file) => total + gzipSync(readFileSync(join(dist, file))).length, 0);
}

export function initialJsGzip(pageModule: string, dist = SITE_DIST): number {
  return gzipBytes(dist, initialFiles(readManifest(dist), pageModule));
}

if (import.meta.main) {
  const rows = Object.entries(ROUTE_MODULES).map(([route, module]) => ({
    route,
    "initial JS (KB gzip)": (initialJsGzip(module) / 1024).toFixed(1),
  }));
  console.table(rows);
}
