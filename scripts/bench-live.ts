// The live-relay half of `npm run bench` (see bench.ts). Node's WebSocket (undici) can send the
// Authorization header the emulator checks, so "direct" is the emulator alone, on the same server.

import { type Opened, open } from "./live-socket.ts";
import { benchAddress, verifiedAccount } from "./product-server.ts";

const SANDBOX_DEEPGRAM_KEY = "sandbox-deepgram-key";
/** The sandbox emulator answers every audio frame with one Results message. */
const FRAME = new Uint8Array(1600).fill(9);
const LATENCY_RUNS = 200;
const SESSIONS = Number(process.env.BENCH_LIVE_SESSIONS ?? 100);
const FRAMES_PER_SESSION = 20;
const CHUNK_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * A signed-in bench user from its own address (sign-up and ticket limits are per IP and per user;
 * one live session per user at a time, so each concurrent session needs its own user).
 */
async function benchUser(base: string, index: number): Promise<Record<string, string>> {
  const address = benchAddress(1000 + index);
  const json = { "content-type": "application/json", "cf-connecting-ip": address };
  const token = await verifiedAccount(base, `bench.live.${index}.${Date.now()}@example.ng`, json);
  return { ...json, authorization: `Bearer ${token}` };
}

/**
 * `count` bench users, made one after another: the Worker bounds concurrent password hashes (503
 * when busy), and a retried sign-up counts again against its address's hourly limit.
 */
async function benchUsers(base: string, count: number, offset: number): Promise<Record<string, string>[]> {
  const users = [];
  for (let index = offset; index < offset + count; index++) users.push(await benchUser(base, index));
  return users;
}

async function ticket(base: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${base}/api/live/ticket`, { method: "POST", headers, body: "{}" });
  if (response.status !== 201) throw new Error(`ticket answered ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

/**
 * Milliseconds from sending one audio frame to the transcript message it causes, for each socket,
 * taking turns frame by frame so that a change in the machine's load weighs on both alike.
 */
async function roundTrips(sockets: readonly Opened[], runs: number): Promise<number[][]> {
  const times = sockets.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, session] of sockets.entries()) {
      const started = performance.now();
      session.socket.send(FRAME);
      await session.next();
      times[index]?.push(performance.now() - started);
    }
  }
  return times;
}

export async function liveRelayBench(base: string, authed: Record<string, string>) {
  const ws = base.replace(/^http/, "ws");
  const direct = await open(`${ws}/__sandbox/deepgram/v1/listen?punctuate=true&interim_results=true`, {
    Authorization: `Token ${SANDBOX_DEEPGRAM_KEY}`,
  });
  const relayed = await open(`${ws}/api/live?ticket=${await ticket(base, authed)}`);
  await relayed.next(); // ready
  await roundTrips([direct, relayed], 10);
  const [directTimes = [], relayTimes = []] = await roundTrips([direct, relayed], LATENCY_RUNS);
  direct.socket.close(1000);
  relayed.socket.close(1000);

  relayed.socket.send(JSON.stringify({ type: "stop" }));
  await relayed.closed;

  const { complete, clean, seconds } = await concurrentLiveSessions(base, SESSIONS);
  const resumed = await droppedAndResumedSessions(base, SESSIONS, 1000);

  const p50 = percentile(relayTimes, 50) / percentile(directTimes, 50);
  const p99 = percentile(relayTimes, 99) / percentile(directTimes, 99);
  return [
    {
      measure: `live: frame → transcript, direct to emulator (median / p99 ms, ${LATENCY_RUNS} frames)`,
      value: `${percentile(directTimes, 50).toFixed(1)} / ${percentile(directTimes, 99).toFixed(1)}`,
    },
    {
      measure: "live: frame → transcript, through the relay (median / p99 ms)",
      value: `${percentile(relayTimes, 50).toFixed(1)} / ${percentile(relayTimes, 99).toFixed(1)}`,
    },
    {
      measure: "live: relay / direct ratio (median, p99); added median ms",
      value: `${p50.toFixed(2)}, ${p99.toFixed(2)}; +${(percentile(relayTimes, 50) - percentile(directTimes, 50)).toFixed(1)} ms`,
    },
    {
      measure: `live: ${SESSIONS} concurrent sessions × ${FRAMES_PER_SESSION} frames every ${CHUNK_MS} ms (${seconds.toFixed(1)} s)`,
      value: `${complete}/${SESSIONS} got every transcript, ${clean}/${SESSIONS} closed 1000`,
    },
    {
      measure: `live: ${SESSIONS} concurrent sessions each dropped and resumed once (${resumed.seconds.toFixed(1)} s): lost no final (goal ${SESSIONS}/${SESSIONS})`,
      value: `${resumed.intact}/${SESSIONS}`,
    },
    {
      measure: "live: reconnect → socket open / ready / first new transcript (median ms)",
      value: [resumed.openMs, resumed.readyMs, resumed.reconnectMs]
        .map((times) => percentile(times, 50).toFixed(1))
        .join(" / "),
    },
    {
      measure: "live: reconnect → first new transcript (median / p99 ms)",
      value: `${percentile(resumed.reconnectMs, 50).toFixed(1)} / ${percentile(resumed.reconnectMs, 99).toFixed(1)}`,
    },
  ];
}

interface SessionsOutcome {
  /** Sessions that received a transcript for every frame they sent. */
  readonly complete: number;
  /** Sessions the relay closed with 1000 after their stop. */
  readonly clean: number;
  readonly seconds: number;
}

/**
 * `count` live sessions at once, each sending a frame every 250 ms and then stopping: what the
 * relay must carry without dropping a frame or a socket.
 */
export async function concurrentLiveSessions(base: string, count: number, userOffset = 0): Promise<SessionsOutcome> {
  const ws = base.replace(/^http/, "ws");
  // Each user may open 60 sessions per 10 minutes; spread the sessions over enough users.
  const users = await benchUsers(base, count, userOffset);
  const tickets = await Promise.all(users.map((user) => ticket(base, user)));
  const sessions = await Promise.all(tickets.map((t) => open(`${ws}/api/live?ticket=${t}`)));
  const received = sessions.map(() => 0);
  sessions.forEach((session, index) => {
    session.socket.addEventListener("message", () => {
      received[index] = (received[index] ?? 0) + 1;
    });
  });
  const startedAt = performance.now();
  for (let frame = 0; frame < FRAMES_PER_SESSION; frame++) {
    for (const session of sessions) session.socket.send(FRAME);
    await sleep(CHUNK_MS);
  }
  for (const session of sessions) session.socket.send(JSON.stringify({ type: "stop" }));
  const codes = await Promise.all(sessions.map((session) => session.closed));
  const seconds = (performance.now() - startedAt) / 1000;
  // Every frame is answered by one transcript message, after the session's ready message.
  const complete = received.filter((messages) => messages >= FRAMES_PER_SESSION + 1).length;
  const clean = codes.filter((code) => code === 1000).length;

  return { complete, clean, seconds };
}

/** The emulator finalises a sentence every twelve frames (three seconds of audio). */
const FRAMES_PER_SENTENCE = 12;

interface Message {
  readonly type: string;
  readonly is_final?: boolean;
  readonly seq?: number;
  readonly resume_token?: string;
}

interface ResumeOutcome {
  /** Sessions whose page got finals 1, 2, 3 exactly once each across the drop. */
  readonly intact: number;
  /** Per session: from opening the resume socket to the first transcript of audio sent after it. */
  readonly reconnectMs: number[];
  /** Where that time goes, per session: to the socket's upgrade (Worker checks, hand-over, the relay's resume) and to `ready`. */
  readonly openMs: number[];
  readonly readyMs: number[];
  readonly seconds: number;
}

/**
 * `count` sessions at once, each speaking one sentence, then a second whose socket drops right
 * after its audio went up (so its final is produced while no page is attached), then resuming
 * with the last `seq` it saw and speaking a third: the page must end with finals 1, 2, 3, each once.
 */
async function droppedAndResumedSessions(base: string, count: number, userOffset = 0): Promise<ResumeOutcome> {
  const ws = base.replace(/^http/, "ws");
  const users = await benchUsers(base, count, userOffset);
  const startedAt = performance.now();
  const outcomes = await Promise.all(
    users.map(async (user) => {
      const parse = (raw: string) => JSON.parse(raw) as Message;
      const first = await open(`${ws}/api/live?ticket=${await ticket(base, user)}`);
      const ready = parse(await first.next());
      const seen: number[] = [];
      first.socket.addEventListener("message", (event) => {
        const message = parse(String(event.data));
        if (message.is_final && message.seq) seen.push(message.seq);
      });
      const speak = async (session: Opened) => {
        for (let frame = 0; frame < FRAMES_PER_SENTENCE; frame++) {
          session.socket.send(FRAME);
          await sleep(CHUNK_MS / 4);
        }
      };
      await speak(first);
      while (!seen.includes(1)) await sleep(20);
      await speak(first);
      first.socket.close(4000, "network lost");
      await first.closed;

      const bearer = user.authorization?.replace("Bearer ", "") ?? "";
      const reconnectAt = performance.now();
      const second = await open(`${ws}/api/live?resume=${ready.resume_token}&after=${Math.max(0, ...seen)}`, {}, [
        "vox-bearer",
        bearer,
      ]);
      const openMs = performance.now() - reconnectAt;
      let firstNew = 0;
      let readyMs = 0;
      second.socket.addEventListener("message", (event) => {
        const message = parse(String(event.data));
        if (message.type === "ready" && !readyMs) readyMs = performance.now() - reconnectAt;
        if (message.type === "transcript" && !message.is_final && !firstNew) firstNew = performance.now() - reconnectAt;
        if (message.is_final && message.seq) seen.push(message.seq);
      });
      await speak(second);
      second.socket.send(JSON.stringify({ type: "stop" }));
      const code = await second.closed;
      const intact = code === 1000 && seen.join(",") === "1,2,3";
      return { intact, firstNew, openMs, readyMs };
    }),
  );
  return {
    intact: outcomes.filter((outcome) => outcome.intact).length,
    reconnectMs: outcomes.map((outcome) => outcome.firstNew).filter((ms) => ms > 0),
    openMs: outcomes.map((outcome) => outcome.openMs),
    readyMs: outcomes.map((outcome) => outcome.readyMs).filter((ms) => ms > 0),
    seconds: (performance.now() - startedAt) / 1000,
  };
}
