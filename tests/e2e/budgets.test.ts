import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEAD_WINDOW_ROUTES } from "../../scripts/dead-window-audit.ts";
import { initialJsGzip } from "../../scripts/initial-js-size.ts";
import {
  initialFiles,
  initialModules,
  pageModule,
  readChunkModules,
  readManifest,
  SITE_DIST,
} from "../../scripts/site-manifest.ts";
import { devVarValues, filesUnder, findSecrets } from "./secret-scan.ts";

// The product server started by global setup has just built dist/site with `npm start`.

describe("initial JavaScript budget", () => {
  it("the home route loads at most 100 KB of gzip JavaScript", () => {
    const bytes = initialJsGzip("/");
    console.log(`[budget] home initial JS: ${(bytes / 1024).toFixed(1)} KiB gzip`);
    expect(bytes).toBeGreaterThan(20_000);
    expect(bytes).toBeLessThanOrEqual(100_000);
  });

  // Every dialog and tool loads when it is opened, and the voice client's call library on /developers.
  const LAZY_ONLY = [
    "src/account/login-dialog.tsx",
    "src/account/signup-dialog.tsx",
    "src/account/verify-email-dialog.tsx",
    "src/account/forgot-password-dialog.tsx",
    "src/account/verify-otp-dialog.tsx",
    "src/account/reset-password-dialog.tsx",
    "src/contact/contact-dialog.tsx",
    "src/ui/confirm-delete-dialog.tsx",
    "src/ui/dialog.tsx",
    "src/sentiment/sentiment-report-dialog.tsx",
    "src/workspaces/hand-over-dialog.tsx",
    "src/tools/tool-page.tsx",
    "src/speech/tts-tool.tsx",
    "src/sentiment/sentiment-tool.tsx",
    "src/live/live-tool.tsx",
    "src/press-release/press-release-tool.tsx",
    "src/speech/voice-conversion-tool.tsx",
    "src/app/mobile-menu.tsx",
    "src/app/toaster.tsx",
    "node_modules/sonner",
    "src/billing/pricing.tsx",
    "src/developers/voice-demo.tsx",
    "node_modules/@daily-co/daily-js",
  ];

  it("names every dialog and tool in the source tree", () => {
    const site = fileURLToPath(new URL("../../site/", import.meta.url));
    const lazyByName = filesUnder(`${site}src`)
      .map((file) => relative(site, file))
      .filter((file) => /(-dialog|-tool)\.tsx$/.test(file));
    expect(lazyByName.length).toBeGreaterThan(10);
    expect(LAZY_ONLY).toEqual(expect.arrayContaining(lazyByName));
  });

  it("none of them is part of the home route's first load", () => {
    const modules = initialModules("src/pages/home.tsx");
    expect(modules).toContain("src/pages/home.tsx");
    const leaked = LAZY_ONLY.filter((lazyOnly) => modules.some((module) => module.startsWith(lazyOnly)));
    expect(leaked).toEqual([]);
  });
});

describe("a tool page's first load", () => {
  const TOOL_PAGES = ["vox-speaks", "vox-sentiment", "voxscribe", "voxrelease", "voxover", "vox-shield"];
  // Building zod schemas is ~100 ms of main thread on a mid-range phone, in the task that makes the
  // page interactive: schemas load with a page's first request instead (site/src/api/client.ts), and
  // dialogs and a signed-in user's history load when they are shown.
  const SHOWN_LATER = [
    "src/ui/dialog.tsx",
    "src/ui/confirm-delete-dialog.tsx",
    "src/speech/history-panel.tsx",
    "src/live/saved-transcripts.tsx",
    "src/press-release/press-release-list.tsx",
    "src/press-release/regenerate-form.tsx",
    "src/sentiment/sentiment-history.tsx",
    "src/sentiment/sentiment-report-dialog.tsx",
  ];
  const isSchemaCode = (module: string) =>
    module.includes("node_modules/zod/v4/classic/") ||
    module.endsWith("node_modules/zod/v4/core/schemas.js") ||
    /\/worker\/(?:[a-z-]+\/)?contracts\/(api-error|auth|live|payments|press-releases|sentiment|tts|uploads)\.ts$/.test(
      module,
    );

  it.each(TOOL_PAGES)("/%s builds no schema and loads no dialog or history", (page) => {
    const modules = initialModules(pageModule(`/${page}`));
    expect(modules).toContain("src/tools/tool-page.tsx");
    const leaked = modules.filter((module) => isSchemaCode(module) || SHOWN_LATER.includes(module));
    expect(leaked).toEqual([]);
  });

  it("a caption link's page builds no schema before a message arrives", () => {
    const modules = initialModules("src/live/watch.tsx");
    expect(modules).toContain("src/live/use-caption-feed.ts");
    expect(modules.filter(isSchemaCode)).toEqual([]);
  });

  it("the check recognises schema code where it is loaded: /settings", () => {
    expect(initialModules("src/account/settings.tsx").filter(isSchemaCode)).not.toEqual([]);
  });
});

describe("the app's first load", () => {
  // The privacy notice and the terms are read by people about to sign up: they load as lightly.
  const FIRST_LOAD_ROUTES = [...DEAD_WINDOW_ROUTES, "/privacy", "/terms"];

  // Over HTTP/1.1 a browser fetches six files at a time from a host: on a 150 ms link each further
  // round of small files held a tool page ~150 ms longer before it answered input.
  const MAX_FIRST_LOAD_FILES = 8;

  it.each(FIRST_LOAD_ROUTES)(`%s hydrates from at most ${MAX_FIRST_LOAD_FILES} JavaScript files`, (route) => {
    const files = initialFiles(readManifest(), pageModule(route));
    console.log(`[budget] ${route}: ${files.length} files before hydrating`);
    expect(files.length).toBeGreaterThan(2);
    expect(files.length).toBeLessThanOrEqual(MAX_FIRST_LOAD_FILES);
  });

  // Code a first visit never runs, which once rode in every page's first load: zod's core (~5 KB
  // gzip, brought in to set one option), React Router's development build (its exports name no
  // other, remix-run/react-router#14102), React 17's useSyncExternalStore shim.
  const NEVER_FIRST = [
    "node_modules/zod/",
    "node_modules/react-router/dist/development/",
    "node_modules/use-sync-external-store/",
  ];

  it.each(FIRST_LOAD_ROUTES)("%s loads no code it only needs later", (route) => {
    const modules = initialModules(pageModule(route));
    expect(modules).toContain("src/boot.tsx");
    expect(modules.filter((module) => NEVER_FIRST.some((path) => module.startsWith(path)))).toEqual([]);
  });

  it("the check recognises such code where it is loaded: zod's core, in the forms' chunks", () => {
    const modules = Object.values(readChunkModules()).flat();
    expect(modules.some((module) => module.startsWith("node_modules/zod/"))).toBe(true);
    expect(modules.some((module) => module.startsWith("node_modules/react-router/dist/production/"))).toBe(true);
  });

  it("runs on React: React DOM's client is in the site, once, marked for eager compilation, and no Preact", () => {
    const modules = readChunkModules();
    const all = Object.values(modules).flat();
    expect(all.filter((module) => module.startsWith("node_modules/preact"))).toEqual([]);
    const runtime = Object.entries(modules).filter(([, chunk]) =>
      chunk.includes("node_modules/react-dom/cjs/react-dom-client.production.js"),
    );
    expect(runtime).toHaveLength(1);
    const [file] = runtime[0] ?? [""];
    expect(readFileSync(`${SITE_DIST}/${file}`, "utf8").startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  });
});

describe("no secret in the built site", () => {
  it("the scanner recognises every key shape it guards against", () => {
    const planted = [
      "sk_live_0123456789abcdefghijklmn",
      `sk_${"a1".repeat(24)}`,
      "re_12345678_abcdefghijklmnop",
      "0123456789abcdef0123456789abcdef01234567",
      "0123456789abcdef0123456789abcdef",
      "sandbox-paystack-key",
    ];
    for (const key of planted) expect(findSecrets(`const k="${key}";`, [])).not.toEqual([]);
    expect(findSecrets("const PUBLIC = 'hello';", [])).toEqual([]);
    expect(findSecrets("x=my-own-dev-secret-value", ["my-own-dev-secret-value"])).toEqual([".dev.vars value"]);
  });

  it("no file under dist/site contains a provider key or a .dev.vars value", () => {
    const files = filesUnder(SITE_DIST);
    expect(files.length).toBeGreaterThan(5);
    const knownValues = devVarValues();
    const leaks = files.flatMap((file) =>
      findSecrets(readFileSync(file, "utf8"), knownValues).map((what) => `${file}: ${what}`),
    );
    expect(leaks).toEqual([]);
  });
});
