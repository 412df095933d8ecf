// The critical-path half of `npm run bench` (see bench.ts). Each route is timed on loopback to its
// first byte, then called once more with `x-vox-trace: 1`, which makes the sandboxed Worker report
// every remote call it made before answering (worker/bench/remote-trace.ts). The trace gives the
// number of remote round trips made one after another before the provider call, and, with the
// latency model in docs/performance.md, the time to first byte a visitor in Lagos would see.

import { request as httpRequest } from "node:http";
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { describePath, latencyModel, summarise, type Trace } from "../worker/bench/critical-path.ts";
import { benchAddress, verifiedAccount } from "./product-server.ts";

const RUNS = Number(process.env.BENCH_PATH_RUNS ?? 9);
const VOICE = "sbxAdaezeWarm01";
const TRACE_HEADER = "x-vox-trace";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Answer {
  readonly firstByte: number;
  readonly trace: Trace | null;
}

/** Milliseconds to the first body byte (or to the headers of an empty answer). */
async function firstByte(url: string, init: RequestInit, expected: number): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (response.status !== expected) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body?.getReader();
  let first = 0;
  for (;;) {
    const chunk = await reader?.read();
    if (!first) first = performance.now() - started;
    if (!chunk || chunk.done) break;
  }
  const trace = response.headers.get(TRACE_HEADER);
  return { firstByte: first, trace: trace ? (JSON.parse(trace) as Trace) : null };
}

/** Milliseconds to the 101 of a WebSocket upgrade; the socket is then dropped. */
function upgrade(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, {
      headers: {
        ...headers,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"),
      },
    });
    req.on("upgrade", (response, socket) => {
      const elapsed = performance.now() - started;
      socket.destroy();
      const trace = response.headers[TRACE_HEADER];
      resolve({ firstByte: elapsed, trace: typeof trace === "string" ? (JSON.parse(trace) as Trace) : null });
    });
    req.on("response", (response) => reject(new Error(`${url} answered ${response.statusCode}, not 101`)));
    req.on("error", reject);
    req.end();
  });
}

interface Route {
  readonly name: string;
  /** One call; `traced` asks the Worker for its trace. */
  call(traced: boolean): Promise<Answer>;
  /** Runs once before timing (e.g. to put the answer in the cache). */
  prepare?(): Promise<void>;
}

function upload(field: string, bytes: Uint8Array<ArrayBuffer>, type: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set(field, new Blob([bytes], { type }), "briefing.wav");
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

/** A finished resumable upload of `bytes` (tus: create, then one PATCH); answers its id. */
async function finishedUpload(base: string, auth: Record<string, string>, bytes: Uint8Array<ArrayBuffer>) {
  const tus = { ...auth, "tus-resumable": "1.0.0" };
  const created = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: {
      ...tus,
      "upload-length": String(bytes.length),
      "upload-metadata": `filename ${btoa("briefing.wav")},filetype ${btoa("audio/wav")}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload creation answered ${created.status}`);
  const location = created.headers.get("location") ?? "";
  const patched = await fetch(new URL(location, base), {
    method: "PATCH",
    headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: bytes,
  });
  if (patched.status !== 204) throw new Error(`upload PATCH answered ${patched.status}`);
  return location.split("/").pop() ?? "";
}

/** A verified user signing in from an address of its own (sign-ups are limited per address). */
async function benchUser(base: string, n = 0): Promise<Record<string, string>> {
  const json = { "content-type": "application/json", "cf-connecting-ip": benchAddress(n) };
  const token = await verifiedAccount(base, `bench.paths.${Date.now()}.${n}@example.ng`, json);
  return { "cf-connecting-ip": json["cf-connecting-ip"], authorization: `Bearer ${token}` };
}

function routes(base: string, auth: Record<string, string>): Route[] {
  const json = { ...auth, "content-type": "application/json" };
  const trace = (traced: boolean): Record<string, string> => (traced ? { [TRACE_HEADER]: "1" } : {});
  const wav = speechWav(2);
  let sentence = 0;
  let socketUsers = 0;
  const tts = (text: string, traced: boolean) =>
    firstByte(
      `${base}/api/tts`,
      { method: "POST", headers: { ...json, ...trace(traced) }, body: JSON.stringify({ text, voice_id: VOICE }) },
      200,
    );
  const ticket = async (traced: boolean, headers = json) => {
    const response = await fetch(`${base}/api/live/ticket`, {
      method: "POST",
      headers: { ...headers, ...trace(traced) },
      body: "{}",
    });
    if (response.status !== 201) throw new Error(`ticket answered ${response.status}`);
    return ((await response.json()) as { ticket: string }).ticket;
  };
  const repeated = "A sentence the newsroom asks for again and again.";
  return [
    {
      name: "POST /api/tts (cache miss)",
      call: (traced) => tts(`Bench path sentence ${sentence++} from Lagos.`, traced),
    },
    {
      name: "POST /api/tts (cache hit)",
      prepare: async () => {
        await tts(repeated, false);
        await new Promise((resolve) => setTimeout(resolve, 500));
      },
      call: (traced) => tts(repeated, traced),
    },
    {
      name: "POST /api/voice-conversion",
      call: (traced) =>
        firstByte(
          `${base}/api/voice-conversion`,
          {
            method: "POST",
            headers: { ...auth, ...trace(traced) },
            body: upload("audio", wav, "audio/wav", { voice_id: VOICE }),
          },
          200,
        ),
    },
    {
      name: "POST /api/sentiment",
      call: (traced) =>
        firstByte(
          `${base}/api/sentiment`,
          { method: "POST", headers: { ...auth, ...trace(traced) }, body: upload("file", wav, "audio/wav") },
          200,
        ),
    },
    {
      name: "POST /api/press-releases",
      call: (traced) =>
        firstByte(
          `${base}/api/press-releases`,
          { method: "POST", headers: { ...auth, ...trace(traced) }, body: upload("file", wav, "audio/wav") },
          202,
        ),
    },
    {
      name: "POST /api/press-releases ({upload_id})",
      call: async (traced) =>
        firstByte(
          `${base}/api/press-releases`,
          {
            method: "POST",
            headers: { ...json, ...trace(traced) },
            body: JSON.stringify({ upload_id: await finishedUpload(base, auth, wav) }),
          },
          202,
        ),
    },
    {
      name: "POST /api/sentiment ({upload_id})",
      call: async (traced) =>
        firstByte(
          `${base}/api/sentiment`,
          {
            method: "POST",
            headers: { ...json, ...trace(traced) },
            body: JSON.stringify({ upload_id: await finishedUpload(base, auth, wav) }),
          },
          202,
        ),
    },
    {
      name: "POST /api/live/ticket",
      call: async (traced) => {
        const started = performance.now();
        const response = await fetch(`${base}/api/live/ticket`, {
          method: "POST",
          headers: { ...json, ...trace(traced) },
          body: "{}",
        });
        const elapsed = performance.now() - started;
        if (response.status !== 201) throw new Error(`ticket answered ${response.status}`);
        await response.arrayBuffer();
        const header = response.headers.get(TRACE_HEADER);
        return { firstByte: elapsed, trace: header ? (JSON.parse(header) as Trace) : null };
      },
    },
    {
      name: "GET /api/live (socket open, to 101)",
      // One live session per user, and a dropped socket keeps its session for the grace period:
      // each open is a new user's.
      call: async (traced) => {
        const own = { ...(await benchUser(base, ++socketUsers)), "content-type": "application/json" };
        return upgrade(`${base}/api/live?ticket=${await ticket(false, own)}`, trace(traced));
      },
    },
    {
      name: "GET /auth/me",
      call: (traced) => firstByte(`${base}/auth/me`, { headers: { ...auth, ...trace(traced) } }, 200),
    },
    {
      name: "GET /api/history",
      call: (traced) => firstByte(`${base}/api/history`, { headers: { ...auth, ...trace(traced) } }, 200),
    },
  ];
}

/** One row per route: sequential remote round trips, the path, loopback and modelled first byte. */
export async function criticalPathBench(base: string) {
  const model = latencyModel(process.env);
  const auth = await benchUser(base);
  const rows = [];
  for (const route of routes(base, auth)) {
    await route.prepare?.();
    await route.call(false);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await route.call(false)).firstByte);
    const { trace } = await route.call(true);
    if (!trace) throw new Error(`${route.name} answered without a trace: is the Worker sandboxed?`);
    const summary = summarise(trace, model);
    const loopback = median(times);
    rows.push({
      route: route.name,
      "sequential remote round trips before first byte": summary.sequentialBeforeFirstByte,
      "path (→ waits, + side by side)": describePath(trace),
      [`loopback first byte (median of ${RUNS} ms)`]: loopback.toFixed(1),
      "modelled first byte from Lagos (ms)": (loopback + summary.modelledDelayMs).toFixed(0),
    });
  }
  return rows;
}
