import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { LIVE_AUDIO_BITS_PER_SECOND, LIVE_CHUNK_MS } from "../worker/live/contracts/live-constants.ts";
import { CLOSED_NETWORK_FLAGS, ensureBrowser } from "./chromium.ts";

/**
 * Records the WebM Opus fixtures the relay's decoding tests stream (tests/fixtures/webm/): what
 * VoxScribe's page really sends, Chromium's MediaRecorder at the page's bitrate and 250 ms timeslice over its fake
 * microphone playing the generated speech; and one from ffmpeg, stereo with Cues and a closing
 * BlockGroup, the other shape a WebM muxer writes. Run again only to refresh them:
 * `node scripts/record-webm-fixtures.ts`.
 */

const RECORDINGS = [
  { name: "speech-6.5s", ms: 6500 },
  { name: "speech-3.5s", ms: 3500 },
];

const wavPath = join(mkdtempSync(join(tmpdir(), "vox-fixture-")), "speech.wav");
writeFileSync(wavPath, speechWav(10));
// The microphone needs a secure context: a loopback page is one, about:blank is not.
const server = createServer((_, response) => response.end("<!doctype html><title>fixtures</title>"));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({
  executablePath: ensureBrowser(),
  headless: true,
  args: [
    ...CLOSED_NETWORK_FLAGS,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${wavPath}`,
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  for (const { name, ms } of RECORDINGS) {
    const bytes = await page.evaluate(
      async ({ duration, bitrate, timeslice }) => {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        const recorder = new MediaRecorder(stream, { audioBitsPerSecond: bitrate });
        const chunks: Blob[] = [];
        recorder.addEventListener("dataavailable", (event) => chunks.push(event.data));
        const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve));
        recorder.start(timeslice);
        await new Promise((resolve) => setTimeout(resolve, duration));
        recorder.stop();
        await stopped;
        for (const track of stream.getTracks()) track.stop();
        return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
      },
      { duration: ms, bitrate: LIVE_AUDIO_BITS_PER_SECOND, timeslice: LIVE_CHUNK_MS },
    );
    writeFileSync(`tests/fixtures/webm/${name}.webm`, Uint8Array.from(bytes));
    console.log(`${name}.webm: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
  server.close();
}

execFileSync("ffmpeg", [
  ...["-hide_banner", "-loglevel", "error", "-y", "-i", wavPath, "-t", "1.5", "-ac", "2", "-ar", "48000"],
  ...["-c:a", "libopus", "-b:a", "32k", "tests/fixtures/webm/stereo-ffmpeg-1.5s.webm"],
]);
