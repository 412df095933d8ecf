// `npm run bench`: measures against the real `npm start` on loopback (bounded: a few dozen requests).
// TTS: time to first audio byte through the Worker vs straight from the sandbox provider, and a
// cache hit vs a miss. Live relay: added latency per message through the relay vs straight to the
// sandbox Deepgram emulator, and N concurrent sessions. Critical paths: per route, the remote round
// trips made one after another before the first byte, and the modelled time to first byte from
// Lagos (BENCH_PATHS_ONLY=1 runs only that table). Per language: TTS first byte and job wall time. Then
// renewal sweeps of 1,000 and 10,000 due renewals (scripts/bench-renewals.ts). Prints tables; the
// goals are in docs/performance.md.

import { spawnSync } from "node:child_process";
import { languageBench } from "./bench-languages.ts";
import { liveRelayBench } from "./bench-live.ts";
import { criticalPathBench } from "./bench-paths.ts";
import { startProduct, verifiedAccount } from "./product-server.ts";

const RUNS = 20;
const VOICE = "sbxAdaezeWarm01";
const SANDBOX_ELEVENLABS_KEY = "sandbox-elevenlabs-key";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Milliseconds to the first body byte, and to the end of the body. */
async function timed(
  url: string,
  init: RequestInit,
): Promise<{ firstByte: number; total: number; response: Response }> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const reader = response.body.getReader();
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (!firstByte && value?.length) firstByte = performance.now() - started;
    if (done) break;
  }
  return { firstByte, total: performance.now() - started, response };
}

const server = await startProduct();
try {
  const base = server.baseUrl;
  console.table(await criticalPathBench(base));
  if (process.env.BENCH_PATHS_ONLY !== "1") await loopbackBench(base);
} finally {
  await server.stop();
}
// Renewal sweeps need a product of their own, its schedule off (`npm run bench:renewals`, docs/billing.md
// "Recurring billing"); BENCH_RENEWALS=0 leaves them out.
if (process.env.BENCH_PATHS_ONLY !== "1" && process.env.BENCH_RENEWALS !== "0") {
  const renewals = spawnSync(process.execPath, ["scripts/bench-renewals.ts"], { stdio: "inherit" });
  if (renewals.status !== 0) process.exitCode = renewals.status ?? 1;
}

async function loopbackBench(base: string) {
  const json = { "content-type": "application/json" };
  const email = `bench.${Date.now()}@example.ng`;
  const token = await verifiedAccount(base, email, json);
  const authed = { ...json, authorization: `Bearer ${token}` };
  const text = (i: number) => `Bench sentence number ${i}: the quick brown fox reads the evening news in Lagos.`;

  await timed(`${base}/api/tts`, {
    method: "POST",
    headers: authed,
    body: JSON.stringify({ text: text(-1), voice_id: VOICE }),
  });
  const throughWorker: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const viaWorker = await timed(`${base}/api/tts`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ text: text(i), voice_id: VOICE }),
    });
    if (viaWorker.response.headers.get("x-vox-cache") !== "miss") throw new Error("expected a cache miss");
    throughWorker.push(viaWorker.firstByte);
    const straight = await timed(
      `${base}/__sandbox/elevenlabs/v1/text-to-speech/${VOICE}/stream?output_format=mp3_22050_32`,
      {
        method: "POST",
        headers: { ...json, "xi-api-key": SANDBOX_ELEVENLABS_KEY },
        body: JSON.stringify({ text: text(i + 1000), model_id: "eleven_multilingual_v2" }),
      },
    );
    direct.push(straight.firstByte);
  }

  const repeated = JSON.stringify({ text: "A sentence that is asked for again and again.", voice_id: VOICE });
  const miss = await timed(`${base}/api/tts`, { method: "POST", headers: authed, body: repeated });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const hits: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const hit = await timed(`${base}/api/tts`, { method: "POST", headers: authed, body: repeated });
    if (hit.response.headers.get("x-vox-cache") !== "hit") throw new Error("expected a cache hit");
    hits.push(hit.total);
  }

  const ratio = median(throughWorker) / median(direct);
  console.table([
    { measure: "TTS first byte through the Worker (median ms)", value: median(throughWorker).toFixed(1) },
    { measure: "TTS first byte straight from the sandbox provider (median ms)", value: median(direct).toFixed(1) },
    { measure: "ratio (goal ≤ 1.10)", value: ratio.toFixed(2) },
    { measure: "cache miss, whole response (ms)", value: miss.total.toFixed(1) },
    { measure: `cache hit, whole response (median of ${RUNS} ms; 0 provider calls)`, value: median(hits).toFixed(1) },
  ]);

  console.table(await liveRelayBench(base, authed));
  console.log("Per language, in the sandbox (recordings are the product's own speech in each language):");
  console.table(await languageBench(base, token));
}
