// `npm run chaos`: kills the running product (SIGKILL to the whole `npm start` process group) in the
// middle of work, starts it again on the same local state, and checks that the work recovers:
// every job finishes or ends with a message. Prints one row per case. Not part of `npm test`: it
// restarts the product several times (a few minutes).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { benchAddress, freePort, type RunningServer, startProduct, verifiedAccount } from "./product-server.ts";

interface Row {
  readonly case: string;
  readonly whenKilled: string;
  readonly afterRestart: string;
  readonly recovered: boolean;
}

const FINISHED = new Set(["completed", "error"]);
const RECOVERY_TIMEOUT_MS = 120_000;

const stateDir = mkdtempSync(join(tmpdir(), "vox-chaos-state-"));
const port = await freePort();
let server: RunningServer = await startProduct({ stateDir, port });
const base = server.baseUrl;
const address = benchAddress(1);
const json = { "content-type": "application/json", "cf-connecting-ip": address };
const token = await verifiedAccount(base, `chaos.${Date.now()}@example.ng`, json);
const auth = { authorization: `Bearer ${token}`, "cf-connecting-ip": address };

async function restart(): Promise<void> {
  await server.crash();
  server = await startProduct({ stateDir, port });
}

async function jobStatus(path: string): Promise<{ status: string; error?: string }> {
  const response = await fetch(`${base}${path}`, { headers: auth });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as { status: string; error?: string };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startPressRelease(seconds: number): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([speechWav(seconds)], { type: "audio/wav" }), "briefing.wav");
  const response = await fetch(`${base}/api/press-releases`, { method: "POST", headers: auth, body: form });
  if (response.status !== 202) throw new Error(`press release answered ${response.status}: ${await response.text()}`);
  return `/api/press-releases/${((await response.json()) as { id: string }).id}`;
}

async function finishedUpload(data: Uint8Array): Promise<string> {
  const tus = { ...auth, "tus-resumable": "1.0.0" };
  const created = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: {
      ...tus,
      "upload-length": String(data.length),
      "upload-metadata": `filename ${btoa("town-hall.wav")},filetype ${btoa("audio/wav")}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload creation answered ${created.status}`);
  const location = created.headers.get("location") ?? "";
  const sent = await fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: new Blob([new Uint8Array(data)]),
  });
  if (sent.status !== 204) throw new Error(`upload answered ${sent.status}`);
  return location.split("/").pop() ?? "";
}

async function startSentiment(seconds: number): Promise<string> {
  const uploadId = await finishedUpload(speechWav(seconds));
  const response = await fetch(`${base}/api/sentiment`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ upload_id: uploadId }),
  });
  if (response.status !== 202) throw new Error(`sentiment answered ${response.status}: ${await response.text()}`);
  return `/api/sentiment/${((await response.json()) as { id: string }).id}`;
}

/** Starts a job, kills the product once `ready` says so, restarts it and waits for the job to end. */
async function jobCase(name: string, start: () => Promise<string>, ready: (status: string) => boolean): Promise<Row> {
  const path = await start();
  const before = await waitFor(
    `${name} before the kill`,
    () => jobStatus(path),
    (job) => ready(job.status),
    30_000,
  );
  await restart();
  try {
    const after = await waitFor(
      `${name} after the restart`,
      () => jobStatus(path),
      (job) => FINISHED.has(job.status),
      RECOVERY_TIMEOUT_MS,
    );
    return {
      case: name,
      whenKilled: before.status,
      afterRestart: after.error ? `${after.status}: ${after.error}` : after.status,
      recovered: after.status === "completed",
    };
  } catch (error) {
    return { case: name, whenKilled: before.status, afterRestart: (error as Error).message, recovered: false };
  }
}

const rows: Row[] = [];
try {
  rows.push(
    await jobCase(
      "press release, killed as soon as it is accepted",
      () => startPressRelease(20),
      () => true,
    ),
  );
  rows.push(
    await jobCase(
      "press release, killed while its transcript is polled",
      () => startPressRelease(20),
      (status) => status === "processing",
    ),
  );
  rows.push(
    await jobCase(
      "sentiment report, killed while it waits to retry an outage",
      async () => {
        await fetch(`${base}/__sandbox/faults/deepgram-listen`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ count: 2, status: 503 }),
        });
        return startSentiment(20);
      },
      (status) => status === "processing",
    ),
  );
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}

console.log("\n| case | when killed | after restart | recovered |\n|---|---|---|---|");
for (const row of rows)
  console.log(`| ${row.case} | ${row.whenKilled} | ${row.afterRestart} | ${row.recovered ? "yes" : "NO"} |`);
const failed = rows.filter((row) => !row.recovered).length;
console.log(failed ? `\n${failed} of ${rows.length} did not recover.` : `\nAll ${rows.length} recovered.`);
process.exitCode = failed ? 1 : 0;
