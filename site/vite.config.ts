import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { headersFile } from "./security-headers.ts";
import { parseSiteConfig, type SiteConfig, siteConfigDefine } from "./site-config.ts";

const siteRoot = fileURLToPath(new URL(".", import.meta.url));
const workerUrl = `http://127.0.0.1:${process.env.WORKER_PORT ?? "8787"}`;
// Paths the Worker answers; in `npm run dev` Vite forwards them so the site stays same-origin.
const API_PATHS = ["/api", "/auth", "/processpay", "/__sandbox"];

/** Writes `_headers` (security headers and asset caching) beside the built site. */
function securityHeaders(config: SiteConfig): Plugin {
  return {
    name: "vox-security-headers",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: headersFile(config) });
    },
  };
}

/**
 * Writes `.vite/chunk-modules.json` (each JavaScript file → the source modules bundled into it), so
 * the budget tests can name the modules that must stay out of a route's first load.
 */
function chunkModules(): Plugin {
  return {
    name: "vox-chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        modules[output.fileName] = output.moduleIds.map((id) =>
          id.startsWith(siteRoot) ? id.slice(siteRoot.length) : id.replace(/^.*\/node_modules\//, "node_modules/"),
        );
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: JSON.stringify(modules) });
    },
  };
}

/** The app's own code and the libraries that render it: compiled eagerly (see `postBanner` below). */
const runsOnLoad = (id: string) =>
  id.startsWith(siteRoot) ||
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|lucide-react)[\\/]/.test(id);

export default defineConfig(({ mode }) => {
  // loadEnv also picks up VITE_* variables from the process environment.
  const env = loadEnv(mode, siteRoot, "VITE_");
  return {
    root: siteRoot,
    define: siteConfigDefine(env),
    envDir: siteRoot,
    plugins: [react(), securityHeaders(parseSiteConfig(env)), chunkModules()],
    resolve: {
      alias: { "@contracts": fileURLToPath(new URL("../worker/contracts", import.meta.url)) },
    },
    build: {
      outDir: fileURLToPath(new URL("../dist/site", import.meta.url)),
      emptyOutDir: true,
      manifest: true,
      target: "es2020",
      // Every browser the site supports preloads modules natively (Safari since 17, 2023); older
      // ones still load everything, only one round trip later. The polyfill cost ~0.3 KB gzip of
      // every page's first load, and the home page's budget is 100 KB.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        treeshake: { manualPureFunctions: ["z"] },
        output: {
          // Hydrating runs most functions of the app and of the libraries it renders with, each
          // compiled on first call on the main thread: ~550 lazy compiles on a tool page's first
          // visit. This hint (Chrome 136+, ignored elsewhere) has a file's functions compiled while
          // it streams in, off the main thread; other libraries (zod, dialogs, toasts, the call
          // client) are mostly code a first visit never runs, and stay lazy.
          postBanner: (chunk) => (chunk.moduleIds.some(runsOnLoad) ? "//# allFunctionsCalledOnLoad\n" : ""),
        },
      },
    },
    server: {
      host: "127.0.0.1",
      proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: workerUrl, ws: true }])),
    },
  };
});
