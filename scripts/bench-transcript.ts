// `npm run bench:transcript`: the transcript viewer with a two-hour transcript (20,000 words in
// about 1,500 turns, BENCH_TRANSCRIPT_WORDS to change it) on a phone-sized Chromium slowed 4× by
// CDP (BENCH_TRANSCRIPT_CPU), median of BENCH_TRANSCRIPT_RUNS fresh pages (default 3):
// - first render: from handing React the transcript to the first frame painted after it;
// - search: from typing a word said only at the very end to the frame that shows its highlight;
// - scroll: a 2,000 px/s scroll through the transcript for 4 s, each frame's length, and how many
//   frames showed a gap where lines were not rendered yet.
// The viewer is bundled on its own with the site's styles, so no server is needed.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type Page } from "playwright-core";
import { CLOSED_NETWORK_FLAGS, ensureBrowser } from "./chromium.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const WORDS = Number(process.env.BENCH_TRANSCRIPT_WORDS ?? 20_000);
const CPU = Number(process.env.BENCH_TRANSCRIPT_CPU ?? 4);
const RUNS = Number(process.env.BENCH_TRANSCRIPT_RUNS ?? 3);
const SCROLL_PX_PER_S = 2000;
const SCROLL_MS = 4000;
const PHONE = { width: 412, height: 823 };

/** The viewer, mounted by a global the page calls, so data generation stays out of the figures. */
const ENTRY = `
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { longTranscript } from "../../tests/fixtures/long-transcript.ts";
import { TranscriptViewer } from "./transcripts/transcript-viewer.tsx";
window.mountTranscript = (words) => {
  const utterances = longTranscript(words);
  const root = createRoot(document.getElementById("root"));
  const started = performance.now();
  flushSync(() => root.render(createElement(TranscriptViewer, { utterances })));
  return started;
};
`;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: join(root, "site/src"), loader: "tsx", sourcefile: "bench-entry.tsx" },
    bundle: true,
    write: false,
    format: "iife",
    minify: true,
    jsx: "automatic",
    alias: { "@contracts": join(root, "worker/contracts"), "@worker": join(root, "worker") },
    define: {
      "process.env.NODE_ENV": '"production"',
      __VOX_CONFIG__: JSON.stringify({
        apiBase: "",
        demoVideoUrl: "",
        shieldUrl: "",
        providerName: "",
        providerUrl: "",
      }),
    },
    logLevel: "error",
  });
  return result.outputFiles[0]?.text ?? "";
}

/** The site's stylesheets in the order site/src/styles/index.css imports them. */
const stylesDir = join(root, "site/src/styles");
const styles = [...readFileSync(join(stylesDir, "index.css"), "utf8").matchAll(/@import "([^"]+)";/g)]
  .map((match) => readFileSync(join(stylesDir, match[1] ?? ""), "utf8"))
  .join("\n");

interface Run {
  readonly render: number;
  readonly search: number;
  readonly frames: readonly number[];
  readonly gaps: number;
  readonly wordsInDom: number;
}

async function measure(page: Page): Promise<Run> {
  // Each ends once the frame after the change has been painted (a task after its animation frame).
  const render = await page.evaluate(async (words) => {
    const started = (window as unknown as { mountTranscript: (n: number) => number }).mountTranscript(words);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - started;
  }, WORDS);

  const search = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>(".transcript__search-input");
    if (!input) throw new Error("no search box");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    const started = performance.now();
    setValue?.call(input, "finale");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    while (!document.querySelector(".word--hit-active")) await new Promise(requestAnimationFrame);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - started;
  });

  const scroll = await page.evaluate(
    async ([speed, duration]) => {
      const scroller = document.querySelector<HTMLElement>(".transcript__scroller");
      if (!scroller) throw new Error("no transcript");
      scroller.scrollTop = 0;
      await new Promise(requestAnimationFrame);
      const frames: number[] = [];
      let gaps = 0;
      const start = performance.now();
      let last = start;
      await new Promise<void>((done) => {
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          // Lines drawn last frame must cover what is visible: a gap is text the reader cannot see.
          const view = scroller.getBoundingClientRect();
          const lines = scroller.querySelectorAll("[data-line]");
          const top = lines[0]?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
          const bottom = lines[lines.length - 1]?.getBoundingClientRect().bottom ?? 0;
          if (top > view.top + 1 || bottom < view.bottom - 1) gaps++;
          if (now - start >= duration) return done();
          scroller.scrollTop = ((now - start) / 1000) * speed;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      return { frames: frames.slice(1), gaps };
    },
    [SCROLL_PX_PER_S, SCROLL_MS] as const,
  );
  const wordsInDom = await page.evaluate(() => document.querySelectorAll(".word").length);
  return { render, search, ...scroll, wordsInDom };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const script = await bundle();
const browser = await chromium.launch({ executablePath: ensureBrowser(), args: [...CLOSED_NETWORK_FLAGS] });
const runs: Run[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    await page.setContent(
      `<!doctype html><html lang="en"><head><style>${styles}</style></head><body><main class="report" style="padding:16px"><div id="root"></div></main></body></html>`,
    );
    await page.addScriptTag({ content: script });
    runs.push(await measure(page));
    await context.close();
  }
} finally {
  await browser.close();
}

const allFrames = runs.flatMap((run) => run.frames);
console.log(
  `Transcript viewer, ${WORDS} words, CPU ${CPU}× slower, ${PHONE.width}×${PHONE.height}, ${RUNS} runs; load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}`,
);
console.table({
  "first render (ms)": Math.round(median(runs.map((run) => run.render))),
  "search to first highlight (ms)": Math.round(median(runs.map((run) => run.search))),
  "scroll frames": allFrames.length,
  "scroll frame median (ms)": Math.round(median(allFrames)),
  "scroll frame p95 (ms)": Math.round(percentile(allFrames, 95)),
  "scroll frames over 50 ms": allFrames.filter((frame) => frame > 50).length,
  "scroll frames with a gap": runs.reduce((sum, run) => sum + run.gaps, 0),
  "words in the DOM after": median(runs.map((run) => run.wordsInDom)),
});
