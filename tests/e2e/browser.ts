import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  chromium,
  type Page,
} from "playwright-core";
import { inject } from "vitest";
import { CLOSED_NETWORK_FLAGS, PINNED_FONTS, type PinnedFont } from "../../scripts/chromium.ts";
import { speechWav } from "../fixtures/speech-wav.ts";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = "tests/e2e/screenshots";

export function baseUrl(): string {
  return inject("baseUrl");
}

/**
 * What the browser's microphone hears, permission already given: nothing (no fake device),
 * Chromium's own steady tone, or a generated speech recording `speechSeconds` long.
 */
export type Microphone = "none" | "tone" | { readonly speechSeconds: number };

function microphoneFlags(microphone: Microphone): string[] {
  if (microphone === "none") return [];
  const flags = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"];
  if (microphone === "tone") return flags;
  const wavPath = join(mkdtempSync(join(tmpdir(), "vox-microphone-")), "speech.wav");
  writeFileSync(wavPath, speechWav(microphone.speechSeconds));
  return [...flags, `--use-file-for-fake-audio-capture=${wavPath}`];
}

export async function launchBrowser(microphone: Microphone = "none"): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: [
      ...CLOSED_NETWORK_FLAGS,
      // Players start as audio streams in, after an await; tests need not fake a fresh gesture.
      "--autoplay-policy=no-user-gesture-required",
      // The headless shell's window, which a page in full screen fills: a laptop's, as VIEWPORTS.desktop.
      `--window-size=${VIEWPORTS.desktop.width},${VIEWPORTS.desktop.height}`,
      ...microphoneFlags(microphone),
    ],
  });
}

/** A new context on the test's browser, addressed at the product; closed when the test ends. */
export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

export interface TrackedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
}

export interface PageOptions {
  /** Every text on the page in this pinned font (scripts/chromium.ts); the wide one unless told. */
  readonly font?: PinnedFont;
  /**
   * The visitor's text-size setting as a factor (2 = 200 %). The site sizes text in rem, so this
   * is the browser's default font size scaled, as the setting does.
   */
  readonly textScale?: number;
  /** A window size other than the named viewport's. */
  readonly size?: { readonly width: number; readonly height: number };
}

const PINNED_TEXT_ID = "vox-test-pinned-text";

function pinnedTextCss(font: PinnedFont, textScale: number): string {
  return `*, ::before, ::after { font-family: "${PINNED_FONTS[font].family}" !important; } :root { font-size: ${textScale * 100}% !important; }`;
}

/**
 * Lays a page `openPage` opened out again with another pinned font, text size or window, as a
 * person changing the setting on a page already open would.
 */
export async function repin(page: Page, { font = "wide", textScale = 1, size }: PageOptions): Promise<void> {
  if (size) await page.setViewportSize(size);
  const rootSize = await page.evaluate(
    async ([id, css]) => {
      const style = document.getElementById(id);
      if (!style) throw new Error("this page's text was not pinned by openPage");
      style.textContent = css;
      await document.fonts.ready;
      return getComputedStyle(document.documentElement).fontSize;
    },
    [PINNED_TEXT_ID, pinnedTextCss(font, textScale)] as const,
  );
  // Chromium's default text is 16 px, which the visitor's setting scales.
  if (rootSize !== `${16 * textScale}px`)
    throw new Error(`text is ${rootSize} after pinning it at ${textScale * 100} %`);
}

/**
 * The init scripts below cannot run in a frame sandboxed without scripts (the Worker's own Shield
 * page), and Chromium says so on the console: about these scripts, not the page's.
 */
const OWN_SCRIPTS_BLOCKED =
  /^Blocked script execution in '[^']*' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/;

/** Whether a console message is the page's error, not Chromium refusing the tests' own scripts in a sandboxed frame. */
export const isPageError = (message: ConsoleMessage) =>
  message.type() === "error" && !OWN_SCRIPTS_BLOCKED.test(message.text());

/**
 * A page in its own context (no shared storage between tests) that records every console error,
 * laid out with a pinned font so no result depends on the fonts this machine happens to have.
 */
export async function openPage(
  newContext: NewContext,
  viewport: ViewportName = "desktop",
  { font = "wide", textScale = 1, size }: PageOptions = {},
): Promise<TrackedPage> {
  const context = await newContext({ viewport: size ?? VIEWPORTS[viewport] });
  await context.addInitScript(
    ([id, css]) => {
      const style = document.createElement("style");
      style.id = id;
      style.textContent = css;
      // Init scripts run before the document has an element to hold the style; it joins <head>
      // as soon as the parser makes one, before anything is painted.
      const observer = new MutationObserver(() => {
        if (!document.head) return;
        observer.disconnect();
        document.head.append(style);
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [PINNED_TEXT_ID, pinnedTextCss(font, textScale)] as const,
  );
  // A CSP violation is only reported, not thrown: make it a console error the tests see.
  await context.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const page = await context.newPage();
  waitForHydration(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (isPageError(message)) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Pages arrive rendered and hydrate a moment later (site/src/main.tsx); the app holds presses made
 * in between, but not typing. Like a person who waits for the page to respond, every `goto` and
 * `reload` of a site page waits until it has hydrated.
 */
function waitForHydration(page: Page): void {
  const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!new URL(url, baseUrl()).pathname.startsWith("/__sandbox")) await hydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
}

/**
 * Review screenshots are for a person to look at, so a CI run skips them (they took 74 s of
 * reflow and routes alone); `VOX_SCREENSHOTS=1` takes them there too. A failing test's screenshot
 * (`fixtures.ts`) is always taken.
 */
const REVIEW_SCREENSHOTS = !process.env.CI || process.env.VOX_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!REVIEW_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

interface AxeRule {
  readonly id: string;
  readonly impact?: string;
}

/**
 * The rules that can never report a serious or critical violation. An axe-core rule that declares
 * its impact gives every violation it finds that impact (axe-core's `finalizeRuleResult`), so a
 * rule declaring "minor" or "moderate" cannot change what `seriousAxeViolations` returns; a rule
 * declaring none takes its checks' impacts and keeps running. Read from the axe-core that
 * @axe-core/playwright injects, so an upgrade re-derives the list.
 */
export const RULES_BELOW_SERIOUS: readonly string[] = (() => {
  const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
  const axe = fromAxeBuilder("axe-core") as { _audit: { rules: readonly AxeRule[] } };
  return axe._audit.rules
    .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
    .map((rule) => rule.id);
})();

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A toast fading in is, for that moment, fainter than anyone reads it: colours are checked once
  // every transition that ends has ended (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Passes and inapplicable rules are reported by count only: their nodes are never read. (`options`
  // replaces what `disableRules` set, so it comes first.) A page without frames is checked in
  // legacy mode, in the page itself: the default opens a blank page to gather the frames' results,
  // ~1.4 s of the ~2.1 s a check took here, and legacy mode skips frames (axe-rules.test.ts).
  // A frame sandboxed without scripts (the sandbox's Shield stand-in, not the product) cannot take
  // axe, and waiting on it held the route sweep past its time, so it is left out of the check.
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ["violations"] })
    .disableRules([...RULES_BELOW_SERIOUS])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}

/**
 * Whether Chromium lays text out in `family`: a missing font falls back, and then a serif and a
 * monospace fallback give different widths.
 */
export async function fontInUse(page: Page, family: string): Promise<boolean> {
  return page.evaluate((name) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return false;
    const width = (fallback: string) => {
      context.font = `20px "${name}", ${fallback}`;
      return context.measureText("Plan comparison 0123 WWmmii").width;
    };
    return width("serif") === width("monospace");
  }, family);
}
