// `npm run bench:captions`: one speaker streaming into a shared session on the real `npm start`,
// watched by a growing audience on that one session. For each audience size: how many viewers got
// every final (count), the delay each final takes from the speaker's socket to each viewer's
// (median, p95, p99) and the workerd processes' memory; then the audience size at which the p95
// added delay first exceeds the goal. Every socket lives in this one process, so its own work of
// reading thousands of messages is part of the delay measured.

import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import {
  benchAddress,
  type RunningServer,
  sampleMemory,
  startProduct,
  verifiedAccount,
  workerdRss,
} from "./product-server.ts";

const { values: flags } = parseArgs({
  options: { viewers: { type: "string" }, "seats-per-object": { type: "string" } },
});
/**
 * The audience sizes measured, in turn on the one session: `--viewers N` measures a quarter, a
 * half and all of N (`npm run bench:captions -- --viewers 10000`).
 */
const STEPS = audienceSizes();
/** Finals measured at each audience size; the sandbox provider makes one every 3 s of audio. */
const FINALS_PER_STEP = Number(process.env.BENCH_CAPTION_FINALS ?? 8);
/** A speaker's final reaches 95 % of the viewers within this, on loopback (issue 45). */
const GOAL_P95_MS = 150;
const CHUNK_MS = 250;
/** The sandbox emulator answers every audio frame, and turns twelve into a final. */
const FRAME = new Uint8Array(1600).fill(9);
/** Viewers are opened this many at a time. */
const OPEN_BATCH = 50;

function audienceSizes(): number[] {
  const viewers = flags.viewers === undefined ? null : Number(flags.viewers);
  if (viewers === null) return (process.env.BENCH_CAPTION_VIEWERS ?? "250,500,1000,1500,2000").split(",").map(Number);
  if (!Number.isInteger(viewers) || viewers <= 0) throw new Error("--viewers takes a whole number of viewers");
  return [...new Set([Math.ceil(viewers / 4), Math.ceil(viewers / 2), viewers])];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * A socket that notes when each final arrives. The `ws` client, and only finals parsed: a thousand
 * sockets in one process must cost as little here as they can, or the bench measures itself.
 */
function openSocket(url: string, headers: Record<string, string>, onFinal: (seq: number, at: number) => void) {
  const socket = new WebSocket(url, { headers, perMessageDeflate: false });
  let sessionId: (id: string) => void = () => {};
  const ready = new Promise<string>((resolve) => {
    sessionId = resolve;
  });
  socket.on("message", (data, binary) => {
    const at = performance.now();
    if (binary) return;
    const text = data.toString();
    if (text.startsWith('{"type":"ready"')) sessionId((JSON.parse(text) as { session_id: string }).session_id);
    if (!text.includes('"is_final":true')) return;
    const seq = /"seq":(\d+)/.exec(text)?.[1];
    if (seq) onFinal(Number(seq), at);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("close", (code, reason) => reject(new Error(`closed ${code} ${reason}`)));
    socket.once("error", (error) => reject(error));
  });
  return { socket, opened, ready };
}

/** Waits for `done`, failing the bench rather than hanging when the server stops answering. */
async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function enterpriseSpeaker(server: RunningServer): Promise<Record<string, string>> {
  const json = { "content-type": "application/json", "cf-connecting-ip": benchAddress(0) };
  const email = `bench.captions.${Date.now()}@example.ng`;
  const token = await verifiedAccount(server.baseUrl, email, json);
  // Enterprise is sold by contract, not checkout: set it as an operator would, so the audience may
  // reach the plan's 10,000 viewers.
  execFileSync(
    "wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      server.stateDir,
      "--command",
      `UPDATE users SET plan = 'enterprise' WHERE email = '${email}'`,
    ],
    { stdio: "pipe", env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" } },
  );
  return { ...json, authorization: `Bearer ${token}` };
}

if (flags["seats-per-object"] !== undefined) process.env.VOX_CAPTION_SEATS_PER_OBJECT = flags["seats-per-object"];
// Locally every viewer's socket passes through wrangler's proxy into the runtime, and the runtime
// holds about four descriptors a viewer: past the limit, opens are refused (raise it with `ulimit -n`).
const openFiles = execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
console.log(
  `viewers per object: ${process.env.VOX_CAPTION_SEATS_PER_OBJECT ?? "as wrangler.toml sets"}; open files allowed: ${openFiles}`,
);

const server = await startProduct();
let measuring = true;
try {
  const ws = server.baseUrl.replace(/^http/, "ws");
  const speakerHeaders = await enterpriseSpeaker(server);
  const ticket = (await (
    await fetch(`${server.baseUrl}/api/live/ticket`, { method: "POST", headers: speakerHeaders, body: "{}" })
  ).json()) as { ticket: string };

  /** When the speaker's socket got each final, and when each viewer got it. */
  const spokenAt = new Map<number, number>();
  const heardAt: Map<number, number>[] = [];
  const speaker = openSocket(`${ws}/api/live?ticket=${ticket.ticket}`, {}, (seq, at) => spokenAt.set(seq, at));
  await speaker.opened;
  // A session that ends under the load says how, rather than leave the bench to time out.
  speaker.socket.on("close", (code, reason) => {
    if (measuring) console.error(`the speaker's socket closed while measuring: ${code} ${reason}`);
  });
  speaker.socket.on("message", (data, binary) => {
    if (!binary && data.toString().startsWith('{"type":"error"')) console.error(`the speaker was sent ${data}`);
  });
  const sessionId = await speaker.ready;
  const shared = await fetch(`${server.baseUrl}/api/live/sessions/${sessionId}/share`, {
    method: "POST",
    headers: speakerHeaders,
  });
  const { token } = (await shared.json()) as { token: string };
  const streaming = setInterval(() => speaker.socket.send(FRAME), CHUNK_MS);

  const baseline = workerdRss(server.processGroup);
  const viewers: WebSocket[] = [];
  const refused: string[] = [];
  const rows: Record<string, string | number>[] = [];
  let breakpoint: number | null = null;
  for (const audience of STEPS) {
    const memory = sampleMemory(server.processGroup);
    const openStarted = performance.now();
    while (viewers.length < audience) {
      const batch = Array.from({ length: Math.min(OPEN_BATCH, audience - viewers.length) }, () => {
        const index = heardAt.length;
        const heard = new Map<number, number>();
        heardAt.push(heard);
        const viewer = openSocket(
          `${ws}/api/live/watch?token=${token}`,
          // Each viewer from its own address, as an audience on their own phones.
          { "cf-connecting-ip": benchAddress(index + 1) },
          (seq, at) => heard.set(seq, at),
        );
        viewers.push(viewer.socket);
        return viewer.opened.catch((error: Error) => refused.push(error.message));
      });
      await Promise.all(batch);
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    // The window starts after the newest viewers have caught up, and counts the next finals.
    await sleep(1000);
    const from = Math.max(0, ...spokenAt.keys()) + 1;
    const to = from + FINALS_PER_STEP - 1;
    await until(() => spokenAt.has(to), `final ${to} at the speaker`);
    await sleep(2000);
    const peak = memory.stop();

    const delays: number[] = [];
    let complete = 0;
    let everyFinal = 0;
    for (const heard of heardAt.slice(0, audience)) {
      let all = true;
      for (let seq = from; seq <= to; seq++) {
        const at = heard.get(seq);
        const spoken = spokenAt.get(seq);
        if (at === undefined || spoken === undefined) all = false;
        else delays.push(at - spoken);
      }
      if (all) complete++;
      // Catch-up on joining plus the live stream: 1, 2, …, the last final, none missing.
      const last = Math.max(0, ...spokenAt.keys());
      if ([...Array(last).keys()].every((i) => heard.has(i + 1))) everyFinal++;
    }
    const p95 = percentile(delays, 95);
    if (breakpoint === null && p95 > GOAL_P95_MS) breakpoint = audience;
    rows.push({
      viewers: audience,
      "opened in (s)": openSeconds.toFixed(1),
      [`got all ${FINALS_PER_STEP} finals`]: `${complete}/${audience}`,
      "every final since seq 1": `${everyFinal}/${audience}`,
      "delay median (ms)": percentile(delays, 50).toFixed(1),
      "p95 (ms)": p95.toFixed(1),
      "p99 (ms)": percentile(delays, 99).toFixed(1),
      "workerd RSS peak": MB(peak),
      "refused opens": refused.length,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  measuring = false;
  clearInterval(streaming);
  speaker.socket.send(JSON.stringify({ type: "stop" }));
  console.log(`workerd RSS before any viewer: ${MB(baseline)}`);
  console.table(rows);
  console.log(
    breakpoint === null
      ? `p95 added delay stayed within ${GOAL_P95_MS} ms up to ${STEPS.at(-1)} viewers (the Enterprise plan seats 10,000 per session)`
      : `p95 added delay first exceeded ${GOAL_P95_MS} ms at ${breakpoint} viewers`,
  );
  for (const viewer of viewers) viewer.close(1000);
} finally {
  await server.stop();
}
