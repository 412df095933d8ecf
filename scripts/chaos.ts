// `npm run chaos`: kills the running product (SIGKILL to the whole `npm start` process group) in the
// middle of work, starts it again on the same local state, and checks that the work recovers:
// every job finishes or ends with a message, an upload cut mid-body resumes from where it was
// and keeps identical bytes, and a live session cut mid-stream ends (keeping its metered time)
// so the next can start. It also races deletions against writes still under way: an upload
// deleted while its PATCH streams, an account erased while its speech streams. At the end it
// lists R2 and counts the objects no row references, which must be none. Prints one row per
// case. Not part of `npm test`: it restarts the product several times (a few minutes).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { open } from "./live-socket.ts";
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

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 250,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function startPressRelease(seconds: number): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([speechWav(seconds)], { type: "audio/wav" }), "briefing.wav");
  const response = await fetch(`${base}/api/press-releases`, { method: "POST", headers: auth, body: form });
  if (response.status !== 202) throw new Error(`press release answered ${response.status}: ${await response.text()}`);
  return `/api/press-releases/${((await response.json()) as { id: string }).id}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tus = () => ({ ...auth, "tus-resumable": "1.0.0" });

async function createUpload(length: number): Promise<string> {
  const created = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: {
      ...tus(),
      "upload-length": String(length),
      "upload-metadata": `filename ${btoa("town-hall.wav")},filetype ${btoa("audio/wav")}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload creation answered ${created.status}`);
  return created.headers.get("location") ?? "";
}

async function finishedUpload(data: Uint8Array): Promise<string> {
  const location = await createUpload(data.length);
  const sent = await fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { ...tus(), "content-type": "application/offset+octet-stream", "upload-offset": "0" },
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

/** The transcript the sandbox analysis hears in `audio`: equal transcripts, equal speech. */
async function heardIn(audio: Uint8Array): Promise<string> {
  const response = await fetch(`${base}/__sandbox/deepgram/v1/listen`, {
    method: "POST",
    headers: { authorization: "Token sandbox-deepgram-key", "content-type": "audio/wav" },
    body: new Blob([new Uint8Array(audio)]),
  });
  const report = (await response.json()) as { results: { channels: { alternatives: { transcript: string }[] }[] } };
  return report.results.channels[0]?.alternatives[0]?.transcript ?? "";
}

/**
 * Sends a large upload slowly, kills the product once `killAt` bytes are on the way, restarts it,
 * asks where the upload stands and sends the rest (waiting out the cut request's lease), then
 * has the recording analysed and compares what is heard with the original file.
 */
async function uploadCase(): Promise<Row> {
  const name = "resumable upload, killed in the middle of its body";
  const audio = speechWav(360);
  const killAt = 7 * 1024 * 1024;
  const location = await createUpload(audio.length);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= audio.length) return controller.close();
      const chunk = audio.slice(sent, sent + 256 * 1024);
      sent += chunk.length;
      controller.enqueue(chunk);
      await sleep(20);
    },
  });
  const cut = fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { ...tus(), "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body,
    duplex: "half",
  } as RequestInit).catch(() => null);
  await waitFor(
    `${name}: sending`,
    async () => sent,
    (bytes) => bytes >= killAt,
    60_000,
  );
  await restart();
  await cut;
  const head = await fetch(`${base}${location}`, { method: "HEAD", headers: tus() });
  const offset = Number(head.headers.get("upload-offset"));
  const whenKilled = `${(sent / 2 ** 20).toFixed(1)} of ${(audio.length / 2 ** 20).toFixed(1)} MiB handed to the connection, ${(offset / 2 ** 20).toFixed(1)} MiB stored`;
  try {
    const finished = await waitFor(
      `${name}: the rest`,
      () =>
        fetch(`${base}${location}`, {
          method: "PATCH",
          headers: { ...tus(), "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
          body: new Blob([audio.slice(offset)]),
        }).then((response) => response.status),
      (status) => status !== 423,
      RECOVERY_TIMEOUT_MS + 60_000,
    );
    if (finished !== 204) throw new Error(`the rest answered ${finished}`);
    const started = await fetch(`${base}/api/sentiment`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ upload_id: location.split("/").pop() }),
    });
    const { id } = (await started.json()) as { id: string };
    const job = (await waitFor(
      `${name}: its report`,
      () => jobStatus(`/api/sentiment/${id}`),
      (state) => FINISHED.has(state.status),
      RECOVERY_TIMEOUT_MS,
    )) as { status: string; report?: { results: { channels: { alternatives: { transcript: string }[] }[] } } };
    const heard = job.report?.results.channels[0]?.alternatives[0]?.transcript ?? "";
    const identical = job.status === "completed" && heard === (await heardIn(audio));
    return {
      case: name,
      whenKilled,
      afterRestart: `resumed at ${(offset / 2 ** 20).toFixed(1)} MiB; the analysis ${identical ? "hears exactly the original" : "differs from the original"}`,
      recovered: identical && offset > 0,
    };
  } catch (error) {
    return { case: name, whenKilled, afterRestart: (error as Error).message, recovered: false };
  }
}

/**
 * Streams a PATCH of a 15 MiB upload, holds the body once a part and a bit are sent, deletes the
 * upload when the first part is stored, then sends the rest: the PATCH must answer 410
 * `upload_gone`, and nothing of the upload may stay in R2 (the orphan count at the end).
 */
async function deleteDuringPatchCase(): Promise<Row> {
  const name = "upload deleted while its PATCH streams";
  const part = 5 * 1024 * 1024;
  const audio = speechWav(600).slice(0, 3 * part);
  const location = await createUpload(audio.length);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holdAt = part + 64 * 1024;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === holdAt) await held;
      if (sent >= audio.length) return controller.close();
      const chunk = audio.slice(sent, Math.min(sent + 64 * 1024, sent < holdAt ? holdAt : audio.length));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const writing = fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { ...tus(), "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body,
    duplex: "half",
  } as RequestInit);
  try {
    await waitFor(
      `${name}: the first part`,
      async () =>
        Number((await fetch(`${base}${location}`, { method: "HEAD", headers: tus() })).headers.get("upload-offset")),
      (offset) => offset >= part,
      60_000,
    );
    const deleted = await fetch(`${base}${location}`, { method: "DELETE", headers: tus() });
    release();
    const answer = await writing;
    const { code } = (await answer.json().catch(() => ({}))) as { code?: string };
    return {
      case: name,
      whenKilled: `deleted (${deleted.status}) with ${(part / 2 ** 20).toFixed(0)} MiB stored and the body held`,
      afterRestart: `the PATCH answered ${answer.status} ${code ?? "(no JSON)"}`,
      recovered: deleted.status === 204 && answer.status === 410 && code === "upload_gone",
    };
  } catch (error) {
    release();
    return { case: name, whenKilled: "streaming", afterRestart: (error as Error).message, recovered: false };
  }
}

/**
 * A second account asks for a long speech, reads its first bytes, erases itself while the provider
 * is still speaking, then reads the rest: the speech stored when the stream ends must not outlive
 * the account.
 */
async function eraseDuringSpeechCase(): Promise<Row> {
  const name = "account erased while its speech streams";
  const email = `chaos.erased.${Date.now()}@example.ng`;
  const password = "chaos erased password";
  const erasedToken = await verifiedAccount(base, email, json, password);
  const erasedAuth = { authorization: `Bearer ${erasedToken}`, "cf-connecting-ip": address };
  const me = (await (await fetch(`${base}/auth/me`, { headers: erasedAuth })).json()) as { data: { id: string } };
  const text = Array.from({ length: 60 }, (_, i) => `Sentence ${i + 1} of the statement read aloud.`).join(" ");
  const speech = await fetch(`${base}/api/tts`, {
    method: "POST",
    headers: { ...erasedAuth, "content-type": "application/json" },
    body: JSON.stringify({ text, voice_id: "sbxAdaezeWarm01" }),
  });
  const reader = speech.body?.getReader();
  const first = await reader?.read();
  const erased = await fetch(`${base}/auth/delete-account`, {
    method: "POST",
    headers: { ...erasedAuth, "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  let rest = 0;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) rest += chunk.value.length;
  // The copy is stored after the stream ends, in the background.
  await sleep(2000);
  const { orphans } = await orphanObjects();
  const left = orphans.filter((key) => key.startsWith(`tts/${me.data.id}/`));
  return {
    case: name,
    whenKilled: `erased (${erased.status}) after ${first?.value?.length ?? 0} bytes of speech (${speech.status})`,
    afterRestart: `${rest} more bytes streamed; ${left.length} object(s) of the account left in R2`,
    recovered: speech.status === 200 && erased.status === 200 && left.length === 0,
  };
}

/** Objects in R2 that no row references, of any age (the sandbox lists them). */
async function orphanObjects(): Promise<{ objects: number; orphans: string[] }> {
  const answer = await fetch(`${base}/__sandbox/r2/orphans`, { headers: json });
  if (!answer.ok) throw new Error(`the orphan listing answered ${answer.status}`);
  return (await answer.json()) as { objects: number; orphans: string[] };
}

/**
 * Streams a live session for a few seconds, kills the product, restarts it, and waits until the
 * session has ended on its own (its grace passed), has kept the seconds metered before the kill,
 * and a new session can start.
 */
async function liveCase(): Promise<Row> {
  const name = "live session, killed while streaming";
  const ws = base.replace(/^http/, "ws");
  const response = await fetch(`${base}/api/live/ticket`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: "{}",
  });
  if (response.status !== 201) throw new Error(`ticket answered ${response.status}`);
  const { ticket } = (await response.json()) as { ticket: string };
  const session = await open(`${ws}/api/live?ticket=${ticket}`);
  const { session_id: sessionId } = JSON.parse(await session.next()) as { session_id: string };
  for (let frame = 0; frame < 16; frame++) {
    session.socket.send(new Uint8Array(1600).fill(9));
    await sleep(250);
  }
  await restart();
  const started = Date.now();
  try {
    await waitFor(
      `${name}: the next ticket`,
      () =>
        fetch(`${base}/api/live/ticket`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: "{}",
        }).then((answer) => answer.status),
      (status) => status === 201,
      RECOVERY_TIMEOUT_MS,
      // Tickets are limited per user; asking every 5 s stays far inside the limit.
      5000,
    );
    const list = (await (await fetch(`${base}/api/live/transcripts`, { headers: auth })).json()) as {
      transcripts: { id: string; status: string; duration_seconds: number }[];
    };
    const kept = list.transcripts.find((transcript) => transcript.id === sessionId);
    const recovered = kept?.status === "ended" && (kept?.duration_seconds ?? 0) > 0;
    return {
      case: name,
      whenKilled: "streaming, 4 s of audio sent",
      afterRestart: `${kept?.status ?? "missing"} with ${kept?.duration_seconds ?? 0} s kept; next ticket after ${Math.round((Date.now() - started) / 1000)} s`,
      recovered,
    };
  } catch (error) {
    return { case: name, whenKilled: "streaming", afterRestart: (error as Error).message, recovered: false };
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
  rows.push(await uploadCase());
  rows.push(await liveCase());
  rows.push(await deleteDuringPatchCase());
  rows.push(await eraseDuringSpeechCase());
  const { objects, orphans } = await orphanObjects();
  rows.push({
    case: "R2 after every case",
    whenKilled: `${objects} object(s) listed`,
    afterRestart: `${orphans.length} orphan(s)${orphans.length ? `: ${orphans.slice(0, 5).join(", ")}` : ""}`,
    recovered: orphans.length === 0,
  });
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
