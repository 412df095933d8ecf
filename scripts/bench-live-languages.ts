// `npm run bench:live-languages`: the figures of live Yorùbá, Hausa and Igbo.
// 1. Opus decoding in the relay, CPU seconds per hour of audio: the page's recorded WebM fixture
//    read by our EBML reader and decoded to 16 kHz mono by libopus, the same SIMD WebAssembly build
//    the Worker runs (`@evan/opus`'s own loader, which a Node process may use), in V8 as in workerd.
// 2. Through `npm start` on loopback: the accurate pass's delay (a Yorùbá final to its correction)
//    and near-live Igbo's (the audio that ends a phrase's pause sent to its final arriving). The
//    sandbox's Spitch answers at once, so these are the relay's own share; Spitch's real time adds
//    to both.
// 3. Per language, through `npm start`: a sentence's end of speech to a /watch viewer's first final.
// Prints tables; nothing here is a test.

import { readFileSync } from "node:fs";
import { WebmOpusFrames } from "../worker/live/audio/webm-opus-frames.ts";
import { type Opened, open } from "./live-socket.ts";
import { benchAddress, startProduct, verifiedAccount } from "./product-server.ts";

const RUNS = Number(process.env.BENCH_LIVE_LANGUAGE_RUNS ?? 20);
const FIXTURE = "tests/fixtures/webm/speech-6.5s.webm";
const FIXTURE_SECONDS = 6.5;
const FRAME_BYTES = 8000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const cpuSeconds = (run: () => void) => {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

async function decodeBench() {
  process.env.OPUS_FORCE_WASM = "1";
  // The package's WebAssembly entry (it has no types of its own): the build the Worker imports.
  const wasmEntry = "@evan/opus/wasm/index.mjs";
  const { Decoder } = (await import(wasmEntry)) as {
    Decoder: new (options: { channels: number; sample_rate: number }) => { decode(packet: Uint8Array): Uint8Array };
  };
  const webm = readFileSync(FIXTURE);
  const repeats = Math.ceil(600 / FIXTURE_SECONDS);
  let packets: Uint8Array[] = [];
  const reading = cpuSeconds(() => {
    for (let i = 0; i < repeats; i++) {
      const frames = new WebmOpusFrames();
      packets = [];
      for (let at = 0; at < webm.byteLength; at += 4000) {
        for (const event of frames.push(webm.buffer.slice(webm.byteOffset + at, webm.byteOffset + at + 4000))) {
          if (event.kind === "packet") packets.push(event.packet);
        }
      }
    }
  });
  const decoding = cpuSeconds(() => {
    for (let i = 0; i < repeats; i++) {
      const decoder = new Decoder({ channels: 1, sample_rate: 16_000 });
      for (const packet of packets) decoder.decode(packet);
    }
  });
  const hours = (repeats * FIXTURE_SECONDS) / 3600;
  return [
    { measure: "WebM read (our EBML reader), CPU s per hour of audio", value: (reading / hours).toFixed(2) },
    { measure: "Opus decode to 16 kHz mono (libopus WASM), CPU s per hour", value: (decoding / hours).toFixed(2) },
    { measure: "audio decoded for the figure (minutes)", value: ((hours * 60) | 0).toString() },
  ];
}

/** Speech-like 16 kHz PCM: syllables of falling tones with short gaps, as the tests' fixture. */
function speech(seconds: number): Uint8Array {
  const samples = new Int16Array(Math.round(seconds * 16_000));
  const syllable = 3520;
  const gap = 1280;
  for (let i = 0; i < samples.length; i++) {
    const position = i % (syllable + gap);
    const hz = 140 + ((Math.floor(i / (syllable + gap)) * 37) % 90) - (position / syllable) * 30;
    const envelope = position < syllable ? Math.sin((Math.PI * position) / syllable) : 0;
    samples[i] = Math.round(envelope * 9000 * Math.sin((2 * Math.PI * hz * i) / 16_000));
  }
  return new Uint8Array(samples.buffer);
}

function send(socket: WebSocket, pcm: Uint8Array) {
  for (let at = 0; at < pcm.byteLength; at += FRAME_BYTES) socket.send(pcm.slice(at, at + FRAME_BYTES));
}

async function session(
  base: string,
  headers: Record<string, string>,
  language: string,
): Promise<Opened & { sessionId: string }> {
  const answer = await fetch(`${base}/api/live/ticket`, {
    method: "POST",
    headers,
    body: JSON.stringify({ language, encoding: "pcm_s16le" }),
  });
  if (answer.status !== 201) throw new Error(`ticket answered ${answer.status}: ${await answer.text()}`);
  const { ticket } = (await answer.json()) as { ticket: string };
  const live = await open(`${base.replace(/^http/, "ws")}/api/live?ticket=${ticket}`);
  const ready = await live.when((message) => message.type === "ready");
  return { ...live, sessionId: String(ready.session_id) };
}

const SPOKEN = [
  ["en", "English (Deepgram)"],
  ["yo", "Yorùbá (AssemblyAI whisper-rt)"],
  ["ha", "Hausa (AssemblyAI whisper-rt)"],
  ["ig", "Igbo (Spitch, near-live)"],
] as const;

/**
 * Per language: a viewer on the session's caption link, and the time from the end of a sentence's
 * speech (its pause sent) to that viewer receiving the sentence's first final.
 */
async function viewerBench(base: string, headers: Record<string, string>) {
  const rows: Record<string, string>[] = [];
  for (const [language, name] of SPOKEN) {
    const live = await session(base, headers, language);
    const shared = await fetch(`${base}/api/live/sessions/${live.sessionId}/share`, { method: "POST", headers });
    if (shared.status !== 201) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
    const { token } = (await shared.json()) as { token: string };
    const viewer = await open(`${base.replace(/^http/, "ws")}/api/live/watch?token=${token}`);
    const delays: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const final = viewer.when((message) => message.is_final === true && message.correction === undefined);
      send(live.socket, speech(3));
      send(live.socket, new Uint8Array(32_000));
      const ended = performance.now();
      await Promise.race([final, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      delays.push(performance.now() - ended);
      // A sentence may end in more than one final; let the rest pass before the next is timed.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    viewer.socket.close();
    await stop(live);
    rows.push({
      language: name,
      [`speech end → first final on /watch, p50 ms (${RUNS} sentences)`]: percentile(delays, 50).toFixed(1),
      "p95 ms": percentile(delays, 95).toFixed(1),
    });
  }
  return rows;
}

async function stop(live: Opened) {
  live.socket.send(JSON.stringify({ type: "stop" }));
  await live.closed;
}

async function liveBench(base: string) {
  const json = { "content-type": "application/json", "cf-connecting-ip": benchAddress(3001) };
  const token = await verifiedAccount(base, `bench.languages.${Date.now()}@example.ng`, json);
  const headers = { ...json, authorization: `Bearer ${token}` };

  // Each final of a turn differs from the sandbox Spitch's text but for one in seven: time those that do.
  const corrections: number[] = [];
  const yoruba = await session(base, headers, "yo");
  for (let i = 0; corrections.length < RUNS && i < RUNS * 3; i++) {
    const final = yoruba.when((message) => message.is_final === true && message.correction === undefined);
    send(yoruba.socket, speech(3));
    const { seq } = await final;
    const heard = performance.now();
    const corrected = await Promise.race([
      yoruba.when((message) => message.correction === true && message.seq === seq),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 7000)),
    ]);
    if (corrected) corrections.push(performance.now() - heard);
  }
  await stop(yoruba);

  const phrases: number[] = [];
  const igbo = await session(base, headers, "ig");
  for (let i = 0; i < RUNS; i++) {
    send(igbo.socket, speech(2));
    const final = igbo.when((message) => message.is_final === true);
    // The pause that ends the phrase: once its last frame is sent, the relay has heard it all.
    send(igbo.socket, new Uint8Array(32_000));
    const paused = performance.now();
    await final;
    phrases.push(performance.now() - paused);
  }
  await stop(igbo);

  return [
    {
      measure: `Yorùbá final → its correction, p50 ms (${corrections.length} corrections)`,
      value: percentile(corrections, 50).toFixed(1),
    },
    { measure: "Yorùbá final → its correction, p95 ms", value: percentile(corrections, 95).toFixed(1) },
    {
      measure: `Igbo pause sent → its final, p50 ms (${phrases.length} phrases)`,
      value: percentile(phrases, 50).toFixed(1),
    },
    { measure: "Igbo pause sent → its final, p95 ms", value: percentile(phrases, 95).toFixed(1) },
  ];
}

console.log("Opus decoding in the relay (Node's V8, the Worker's WebAssembly build):");
console.table(await decodeBench());
const server = await startProduct();
try {
  console.log("Through npm start on loopback (the sandbox's Spitch answers at once):");
  console.table(await liveBench(server.baseUrl));
  const json = { "content-type": "application/json", "cf-connecting-ip": benchAddress(3002) };
  const token = await verifiedAccount(server.baseUrl, `bench.viewers.${Date.now()}@example.ng`, json);
  console.log("Speech end to a viewer's first final, per language (npm start on loopback):");
  console.table(await viewerBench(server.baseUrl, { ...json, authorization: `Bearer ${token}` }));
} finally {
  await server.stop();
}
