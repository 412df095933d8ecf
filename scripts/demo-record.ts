/**
 * `npm run demo:record`: records the demo video on /watch-demo from the product itself. It starts
 * the product with fresh state, signs a new person in, walks Chromium through home and three tools,
 * and writes to site/public/demo/ the video (WebM), its captions (WebVTT, one cue per step at the
 * time the step really happened) and a poster frame. Commit the three files after checking them.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { ensureBrowser } from "./chromium.ts";
import { startProduct, verifiedAccount } from "./product-server.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "site/public/demo");
const SIZE = { width: 1280, height: 720 };
/** What the committed video may weigh: it is served as a static file and kept in the repository. */
const MAX_BYTES = 8 * 1024 * 1024;
const MIN_SECONDS = 30;

/**
 * Playwright encodes its recordings with an ffmpeg it normally downloads next to its browsers.
 * Debian's ffmpeg does the same job, so it is put where Playwright looks, in a folder of our own.
 */
function ffmpegForPlaywright(): string {
  if (!existsSync("/usr/bin/ffmpeg")) {
    if (process.getuid?.() !== 0) throw new Error("Missing ffmpeg: run `sudo apt-get install -y ffmpeg` (Debian).");
    execFileSync("apt-get", ["install", "-y", "-qq", "ffmpeg"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  const browsers = JSON.parse(readFileSync(join(ROOT, "node_modules/playwright-core/browsers.json"), "utf8")) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((browser) => browser.name === "ffmpeg")?.revision;
  if (!revision) throw new Error("playwright-core names no ffmpeg revision");
  const dir = mkdtempSync(join(tmpdir(), "vox-demo-ffmpeg-"));
  mkdirSync(join(dir, `ffmpeg-${revision}`));
  symlinkSync("/usr/bin/ffmpeg", join(dir, `ffmpeg-${revision}`, "ffmpeg-linux"));
  return dir;
}

/** The video's length as its container states it, in seconds. */
function videoSeconds(file: string): number {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
    encoding: "utf8",
  });
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe read no duration from ${file}: ${out}`);
  return seconds;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cue {
  readonly start: number;
  end: number;
  readonly text: string;
}

const timestamp = (ms: number) => {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
};

function webVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (cue, index) => `${index + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

async function main() {
  const executablePath = ensureBrowser();
  process.env.PLAYWRIGHT_BROWSERS_PATH = ffmpegForPlaywright();
  // Imported after the variable is set: Playwright reads it when it loads.
  const { chromium } = await import("playwright-core");

  console.log("[demo] starting the product…");
  const product = await startProduct({ passwordHashCost: "test" });
  const videoDir = mkdtempSync(join(tmpdir(), "vox-demo-video-"));
  const browser = await chromium.launch({ executablePath, args: ["--autoplay-policy=no-user-gesture-required"] });
  try {
    let email = `demo-${Date.now()}@example.com`;
    const password = "demo password 2026";
    const headers = { "content-type": "application/json" };
    // Wrangler can drop the first connections while it settles after answering its health check.
    for (let attempt = 1; ; attempt++) {
      try {
        await verifiedAccount(product.baseUrl, email, headers, password);
        break;
      } catch (error) {
        if (attempt === 3 || !(error instanceof TypeError)) throw error;
        // The dropped request may have made the account all the same.
        email = `demo-${Date.now()}@example.com`;
        await pause(3000);
      }
    }
    // The session as the sign-in dialog stores it: the token and the person it answers.
    const signin = await fetch(`${product.baseUrl}/auth/signin`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    const { token, data } = (await signin.json()) as { token: string; data: unknown };
    const user = JSON.stringify(data);

    const context = await browser.newContext({
      baseURL: product.baseUrl,
      viewport: SIZE,
      recordVideo: { dir: videoDir, size: SIZE },
    });
    await context.addInitScript(
      ([storedToken, storedUser]) => {
        if (!localStorage.getItem("token")) {
          localStorage.setItem("token", storedToken);
          localStorage.setItem("userObj", storedUser);
        }
      },
      [token, user] as const,
    );
    const page = await context.newPage();
    // The recording starts with the page; every cue is timed from here.
    const startedAt = Date.now();
    const cues: Cue[] = [];
    const step = (text: string) => {
      const now = Date.now() - startedAt;
      const last = cues.at(-1);
      if (last) last.end = now;
      cues.push({ start: now, end: now, text });
      console.log(`[demo] ${timestamp(now)} ${text}`);
    };

    step("Vox: voice tools for newsrooms, agencies and communication teams.");
    await page.goto("/");
    await page.getByRole("heading", { name: "Give every message a voice." }).waitFor();
    await pause(3500);
    await page.screenshot({ path: join(OUT, "vox-demo-poster.jpg"), type: "jpeg", quality: 70 });
    step("Six tools, one account: speech, sentiment, transcripts, press releases, voice conversion and Vox Shield.");
    await page.mouse.wheel(0, 650);
    await pause(3500);

    step("Vox Speaks: type a statement and choose a Nigerian voice.");
    await page.goto("/vox-speaks");
    const speaks = page.getByRole("region", { name: "Vox Speaks" });
    await speaks.getByRole("button", { name: "Generate Speech" }).click();
    await page
      .getByLabel("Text")
      .pressSequentially("Good afternoon. Vox turns every press statement into clear, natural speech.", {
        delay: 25,
      });
    await page.getByLabel("Voice", { exact: true }).selectOption({ label: "Tunde · nigerian" });
    await pause(1000);
    step("Generate Speech: the audio plays while it is still being made, and can be downloaded as MP3.");
    await speaks.getByRole("button", { name: "Generate Speech" }).click();
    const player = page.getByLabel("Generated speech");
    await player.waitFor();
    await pause(5000);

    step("Vox Sentiment: upload a recording of a briefing.");
    await page.goto("/vox-sentiment");
    const sentiment = page.getByRole("region", { name: "Vox Sentiment" });
    await sentiment.getByRole("button", { name: "Use Vox Sentiment" }).click();
    await sentiment
      .locator('input[type="file"]')
      .setInputFiles({ name: "town-hall.wav", mimeType: "audio/wav", buffer: Buffer.from(speechWav(24)) });
    await sentiment.getByText("Completed").waitFor({ timeout: 60_000 });
    await pause(1500);
    step("The report: overall sentiment, a score, topics, intent, a summary and the transcript, line by line.");
    await sentiment.getByRole("button", { name: "Use Vox Sentiment" }).click();
    const report = page.getByRole("dialog", { name: "Sentiment report" });
    await report.waitFor({ timeout: 60_000 });
    await pause(3000);
    await report.locator(".report__transcript").scrollIntoViewIfNeeded();
    await pause(3500);
    await report.getByRole("button", { name: "Close" }).click();

    step("Vox Shield: check whether a voice recording is real before you share it.");
    await page.goto("/vox-shield");
    const frame = page.frameLocator('iframe[title^="Vox Shield"]');
    await frame.getByRole("heading", { name: "Check a voice recording" }).waitFor();
    await page.locator('iframe[title^="Vox Shield"]').scrollIntoViewIfNeeded();
    await pause(2000);
    await frame
      .locator('input[type="file"]')
      .setInputFiles({ name: "statement.wav", mimeType: "audio/wav", buffer: Buffer.from(speechWav(6)) });
    await frame.getByRole("button", { name: "Check recording" }).click();
    await frame.getByRole("region", { name: "Sandbox verdict" }).waitFor();
    await pause(3500);

    step("Plans in naira, with a free trial. Vox: give every message a voice.");
    await page.goto("/pricing");
    await pause(4000);
    const last = cues.at(-1);
    if (last) last.end = Date.now() - startedAt;

    const video = page.video();
    await context.close();
    if (!video) throw new Error("the context recorded no video");
    mkdirSync(OUT, { recursive: true });
    await video.saveAs(join(OUT, "vox-demo.webm"));
    const seconds = videoSeconds(join(OUT, "vox-demo.webm"));
    // The first frame arrives a moment after the page opens: the walk is longer than the video by
    // that moment, so every cue moves that much earlier to meet its step on screen.
    const lag = Math.max(0, (last?.end ?? 0) - seconds * 1000);
    const shifted = cues.map((cue) => ({ ...cue, start: Math.max(0, cue.start - lag), end: cue.end - lag }));
    writeFileSync(join(OUT, "vox-demo.vtt"), webVtt(shifted));

    const bytes = statSync(join(OUT, "vox-demo.webm")).size;
    console.log(`[demo] wrote site/public/demo: ${(bytes / 1024 / 1024).toFixed(2)} MB, ${seconds.toFixed(1)} s`);
    if (bytes > MAX_BYTES) throw new Error(`the video is ${bytes} bytes, over the ${MAX_BYTES} the site allows`);
    if (seconds < MIN_SECONDS) throw new Error(`the walk took ${seconds} s, under the ${MIN_SECONDS} s a demo needs`);
  } finally {
    await browser.close();
    await product.stop();
    rmSync(videoDir, { recursive: true, force: true });
    rmSync(process.env.PLAYWRIGHT_BROWSERS_PATH ?? "", { recursive: true, force: true });
  }
}

await main();
