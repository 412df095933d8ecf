import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { API } from "../worker/contracts/api-paths.ts";
import { headersFile } from "./security-headers.ts";
import { parseSiteConfig, type SiteConfig, siteConfigDefine } from "./site-config.ts";

const siteRoot = fileURLToPath(new URL(".", import.meta.url));
const reactRouterRoot = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
const reactRouterBuild = (file: string) => join(reactRouterRoot, "dist", "production", file);
const workerUrl = `http://127.0.0.1:${process.env.WORKER_PORT ?? "8787"}`;
// Paths the Worker answers; in `npm run dev` Vite forwards them so the site stays same-origin.
const API_PATHS = [...new Set(Object.values(API).map(({ mount }) => `/${mount.split("/")[1]}`)), "/__sandbox"];

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

/**
 * The libraries every page starts with, in one file: over HTTP/1.1 a browser opens six connections
 * to a host, and on a 150 ms link each further round of requests for a small file cost a page
 * ~150 ms before it could answer input.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|lucide-react|react-error-boundary)[\\/]/;
const inFramework = (id: string) => FRAMEWORK_PACKAGES.test(id);

/**
 * Small modules of the app, which automatic splitting left in a dozen files of a few hundred bytes,
 * each a request of its own: those every page uses, and those only tool pages use.
 */
const appModules = (modules: readonly string[]) => modules.map((module) => `${siteRoot}src/${module}`);
const SHELL_MODULES = appModules([
  "paths",
  "api/session",
  "api/client",
  "api/errors",
  // The workspace a call names, which the client reads on every call.
  "api/workspace",
  "ui/modal-context",
  "ui/use-hydrated",
  "ui/lazy-named",
  "ui/document-title",
  "ui/toast",
  "ui/toast-timing",
  "app/use-delayed-navigate",
  "app/spec-quirks",
  "tools/catalog",
  "tools/tool-name",
]);
const TOOL_FRAME_MODULES = appModules([
  "ui/form-fields",
  // The button that says what it is doing, on /pricing's plans and Settings: a file of its own otherwise.
  "ui/busy-button",
  "ui/empty-state",
  "ui/format-when",
  "speech/speech-api",
  "jobs/jobs-api",
  "live/live-api",
  "api/socket-url",
  "ui/use-wanted-soon",
  "tools/tool-page",
  "tools/tool-content",
  "ui/download",
  "jobs/use-jobs",
  "tools/report-tool-error",
  "tools/copy-text",
  "tools/media-file-picker",
  "tools/resumable-upload",
  "tools/resumable-progress",
  "speech/use-history",
  "tools/use-recorder",
  "speech/voice-picker",
  "speech/use-voices",
  "speech/signed-in-history",
  // The Language control, on every tool that takes a language.
  "tools/language/language-picker",
  "tools/language/use-language",
  "tools/language/preferences-api",
  // Speakers' names in live captions: VoxScribe and /watch (which loads this frame) share them.
  "live/caption-speakers",
  // The role acted in, which every tool reads to offer a viewer no control that changes work, and
  // the note said instead: in the workspaces' file they were two more files on every tool page.
  "workspaces/use-workspace",
  "workspaces/workspace-choice",
  "workspaces/workspaces-api",
  "workspaces/viewer-note",
]);
/**
 * Languages and what each tool serves: plain constants the Language control and the tools share;
 * the one-line text rule, which VoxScribe's exports and the lazily loaded forms' schemas both use;
 * and download names, which the speech tools and the exports share; and the transcript writer,
 * which names live captions' speakers as the exports do; and the tools' own limits, job kinds,
 * media types and live closes: each would otherwise be a file of its own on a tool page's first
 * load, and in the shell they cost the home page, which uses none of them.
 */
const TOOL_FRAME_CONTRACTS =
  /[\\/]worker[\\/](?:[a-z-]+[\\/])?contracts[\\/](languages|language-support|transcription-parts|control-characters|api-paths|dated-file-name|sentiment-headers|usage-format|transcript-formats|jobs|media|live-closes|live-constants|upload-constants|tts-constants)\.ts$/;
/**
 * What every page reads: numbers and plans (/pricing, /terms), pages' paths, and the workspace's
 * storage key the session reads. The tools' own constants ride in the tool frame, off the home page.
 */
const SHELL_CONTRACTS =
  /[\\/]worker[\\/](?:[a-z-]+[\\/])?contracts[\\/](numbers|plans|page-paths|workspace-constants)\.ts$/;
const moduleOf = (id: string) => id.replace(/\.tsx?$/, "");
const inShell = (id: string) => SHELL_CONTRACTS.test(id) || SHELL_MODULES.includes(moduleOf(id));
/** SWR: every tool page and /pricing fetch with it, the home page does not. */
const TOOL_FRAME_PACKAGES = /[\\/]node_modules[\\/](swr|dequal)[\\/]/;
const inToolFrame = (id: string) =>
  TOOL_FRAME_MODULES.includes(moduleOf(id)) || TOOL_FRAME_CONTRACTS.test(id) || TOOL_FRAME_PACKAGES.test(id);

const WORKSPACE_KIT = /[\\/]src[\\/]workspaces[\\/](join-token|workspace-switcher)\.tsx?$/;
const inWorkspaces = (id: string) => WORKSPACE_KIT.test(id);

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
    plugins: [securityHeaders(parseSiteConfig(env)), chunkModules()],
    resolve: {
      alias: [
        { find: "@contracts", replacement: fileURLToPath(new URL("../worker/contracts", import.meta.url)) },
        { find: "@worker", replacement: fileURLToPath(new URL("../worker", import.meta.url)) },
        // SWR reaches useSyncExternalStore through React 17's shim; React 19 has the hook itself,
        // and the shim only cost the first load its CommonJS wrapper.
        { find: /^use-sync-external-store\/shim$/, replacement: "react" },
        // react-router's exports name only its development build, warnings and all, whatever the
        // mode (remix-run/react-router#14102); the built site takes the production build beside it.
        ...(mode === "production"
          ? [
              { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
              { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
            ]
          : []),
      ],
    },
    build: {
      outDir: fileURLToPath(new URL("../dist/site", import.meta.url)),
      emptyOutDir: true,
      manifest: true,
      // Class fields and private members natively (Chrome 94+, Safari 15+): transpiled for es2020,
      // their helpers rode in every page's first load.
      target: "es2022",
      // Every browser the site supports preloads modules natively (Safari since 17, 2023); older
      // ones still load everything, only one round trip later. The polyfill cost ~0.3 KB gzip of
      // every page's first load, and the home page's budget is 100 KB.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "framework", test: inFramework },
              { name: "shell", test: inShell, includeDependenciesRecursively: false },
              { name: "tool-frame", test: inToolFrame, includeDependenciesRecursively: false },
              // The workspace menu and the invitation token /join and Login share with it: one file
              // for a signed-in person, not two (each a name in the first load's list of files it
              // may preload). The role acted in rides in the tool frame.
              { name: "workspaces", test: inWorkspaces, includeDependenciesRecursively: false },
            ],
          },
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
