// `npm run load`: a bounded load test against the real `npm start` on loopback (about a minute).
// Sign-in, the plan table, text-to-speech cache hits and 100 concurrent live sessions; prints
// requests/s, latency p50/p99 and failures, and exits non-zero on any 5xx, socket error or lost
// session. Goals (docs/performance.md): zero 5xx, zero lost sessions.
import autocannon from "autocannon";
import { concurrentLiveSessions } from "./bench-live.ts";
import { benchAddress, startProduct, verifiedAccount } from "./product-server.ts";

const DURATION_SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const CONNECTIONS = 20;
const PASSWORD = "load test password";
const USERS = 40;

interface Row {
  scenario: string;
  "req/s": string;
  "p50 ms": number;
  "p99 ms": number;
  "2xx": number;
  "4xx": number;
  "5xx": number;
  errors: number;
}

async function run(scenario: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    scenario,
    "req/s": result.requests.average.toFixed(0),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "2xx": result["2xx"],
    "4xx": result["4xx"],
    "5xx": result["5xx"],
    errors: result.errors + result.timeouts,
  };
}

/** Accounts from their own addresses, as real people sign in (the limits are per IP and e-mail). */
async function makeUsers(base: string): Promise<{ email: string; ip: string; token: string }[]> {
  const users = [];
  for (let index = 0; index < USERS; index++) {
    const ip = benchAddress(index);
    const email = `load.${index}.${Date.now()}@example.ng`;
    const headers = { "content-type": "application/json", "cf-connecting-ip": ip };
    users.push({ email, ip, token: await verifiedAccount(base, email, headers, PASSWORD) });
  }
  return users;
}

const server = await startProduct();
let failed = false;
try {
  const base = server.baseUrl;
  const users = await makeUsers(base);
  const first = users[0];
  if (!first) throw new Error("no users");
  const tts = JSON.stringify({
    text: "Vox load test: this sentence is generated once and then served from R2.",
    voice_id: "sbxAdaezeWarm01",
  });
  const ttsHeaders = { "content-type": "application/json", authorization: `Bearer ${first.token}` };
  const primed = await fetch(`${base}/api/tts`, { method: "POST", headers: ttsHeaders, body: tts });
  await primed.arrayBuffer();

  let next = 0;
  const rows = [
    await run("GET /api/plans", { url: `${base}/api/plans` }),
    // Each sign-in spends ~0.3 s of CPU on Argon2id and local workerd runs one request at a time,
    // so a few connections show the per-request cost instead of a queue.
    await run("POST /auth/signin (Argon2id, 40 users, 4 connections)", {
      url: `${base}/auth/signin`,
      connections: 4,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const user = users[next++ % users.length] ?? first;
            return {
              ...request,
              headers: { "content-type": "application/json", "cf-connecting-ip": user.ip },
              body: JSON.stringify({ email: user.email, password: PASSWORD }),
            };
          },
        },
      ],
    }),
    await run("POST /api/tts, cache hit", { url: `${base}/api/tts`, method: "POST", headers: ttsHeaders, body: tts }),
  ];
  console.table(rows);

  const live = await concurrentLiveSessions(base, 100, 20);
  console.table([
    {
      scenario: `100 concurrent live sessions (${live.seconds.toFixed(1)} s)`,
      "every transcript": `${live.complete}/100`,
      "closed 1000": `${live.clean}/100`,
    },
  ]);
  failed = rows.some((row) => row["5xx"] > 0 || row.errors > 0) || live.complete < 100 || live.clean < 100;
} finally {
  await server.stop();
}
if (failed) {
  console.error("load test: 5xx answers, socket errors or lost live sessions (see the tables)");
  process.exit(1);
}
