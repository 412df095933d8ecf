// Prints, per route, the gzip size of the JavaScript a first visit to it downloads.
// Usage: npm run build && npm run build:sizes
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { initialFiles, pageModule, readManifest, SITE_DIST } from "./site-manifest.ts";

/** The routes issue 9 measures. */
export const MEASURED_ROUTES = ["/", "/solutions", "/pricing", "/vox-speaks", "/voxscribe"] as const;

function gzipBytes(dist: string, files: readonly string[]): number {
  return files.reduce((total, file) => total + gzipSync(readFileSync(join(dist, file))).length, 0);
}

export function initialJsGzip(route: string, dist = SITE_DIST): number {
  return gzipBytes(dist, initialFiles(readManifest(dist), pageModule(route)));
}

if (import.meta.main) {
  const rows = MEASURED_ROUTES.map((route) => ({
    route,
    "initial JS (KB gzip)": (initialJsGzip(route) / 1024).toFixed(1),
  }));
  console.table(rows);
}
