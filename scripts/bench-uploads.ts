// `npm run bench:uploads`: resumable uploads through the real `npm start` with the standard
// tus-js-client. Uploads a small and a large generated file (BENCH_UPLOAD_MB, default 1024) and
// prints throughput and the Worker runtime's peak memory for each (it should not grow with the
// file), cuts the large upload's connection at ~60 % and resumes it (bytes sent twice must stay
// within one R2 part), then uploads a generated recording (BENCH_RECORDING_HOURS, default 2) twice,
// each cut at ~60 % and resumed, and makes a press release of one and a stored sentiment report of
// the other, end to end in the sandbox.

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tus from "tus-js-client";
import { sampleMemory, startProduct, verifiedAccount } from "./product-server.ts";

const MiB = 1024 * 1024;
const LARGE_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
const SMALL_BYTES = 64 * MiB;
/** The server's R2 part size (`worker/recordings/uploads/upload-routes.ts`): the most a cut may cost. */
const PART_BYTES = 5 * MiB;
/** 16 kHz 16-bit mono PCM, what speech recorders commonly write: BENCH_RECORDING_HOURS=9.32 is 1 GiB. */
const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
const RECORDING_SECONDS = Math.round(Number(process.env.BENCH_RECORDING_HOURS ?? 2) * 60 * 60);
/** The most `/api/uploads` takes. */
const MAX_UPLOAD_BYTES = 2 * 1024 * MiB;

/** Writes a WAV header then `bytes` of speech-like 16 kHz 16-bit samples, a megabyte at a time. */
async function writeRecording(path: string, bytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(Math.min(0xffff_ffff, 36 + bytes), 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(Math.min(0xffff_ffff, bytes), 40);
  const block = Buffer.alloc(MiB);
  for (let i = 0; i < block.length / 2; i++) {
    const voiced = i % 4800 < 3600 ? 1 : 0.05;
    block.writeInt16LE(Math.round(12_000 * Math.sin(i / (3 + ((i >> 10) % 5))) * voiced), i * 2);
  }
  const out = createWriteStream(path);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  await write(header);
  for (let left = bytes; left > 0; left -= block.length) await write(block.subarray(0, Math.min(left, block.length)));
  await new Promise((resolve) => out.end(resolve));
}

interface UploadRun {
  readonly uploadId: string;
  readonly seconds: number;
  readonly resentBytes?: number;
  readonly cutAt?: number;
}

/** Uploads a file with tus-js-client; with `cutAt`, aborts there (the connection drops) and resumes. */
function tusUpload(base: string, token: string, path: string, size: number, cutAt?: number): Promise<UploadRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sentBeforeCut = 0;
    let cut = false;
    let resumedFrom = 0;
    const upload = new tus.Upload(
      // tus-js-client reads a path-backed stream by random access, so it can resume anywhere.
      createReadStream(path),
      {
        endpoint: `${base}/api/uploads`,
        headers: { authorization: `Bearer ${token}` },
        metadata: { filename: "town-hall.wav", filetype: "audio/wav" },
        uploadSize: size,
        retryDelays: [0, 500, 1000, 3000],
        onProgress(sent) {
          if (cutAt !== undefined && !cut && sent >= cutAt) {
            cut = true;
            sentBeforeCut = sent;
            void upload.abort().then(async () => {
              await new Promise((wait) => setTimeout(wait, 1500));
              const head = await fetch(upload.url ?? "", {
                method: "HEAD",
                headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" },
              });
              resumedFrom = Number(head.headers.get("upload-offset"));
              upload.start();
            });
          }
        },
        onError: reject,
        onSuccess() {
          resolve({
            uploadId: (upload.url ?? "").split("/").pop() ?? "",
            seconds: (performance.now() - started) / 1000,
            ...(cutAt === undefined ? {} : { resentBytes: sentBeforeCut - resumedFrom, cutAt: sentBeforeCut }),
          });
        },
      },
    );
    upload.start();
  });
}

async function waitFor(
  url: string,
  token: string,
  timeoutMs: number,
): Promise<{ status: string; [key: string]: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      status: string;
    };
    if (body.status === "completed" || body.status === "error" || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const dir = mkdtempSync(join(tmpdir(), "vox-bench-uploads-"));
const server = await startProduct();
try {
  const base = server.baseUrl;
  const json = { "content-type": "application/json" };
  const email = `bench.uploads.${Date.now()}@example.ng`;
  // The tools stay closed until the address is verified.
  const token = await verifiedAccount(base, email, json);

  const rows: string[][] = [];
  for (const [label, bytes, cut] of [
    ["small", SMALL_BYTES, undefined],
    ["large, cut at 60 %", LARGE_BYTES, Math.round(LARGE_BYTES * 0.6)],
  ] as const) {
    const path = join(dir, `${label.split(",")[0]}.wav`);
    await writeRecording(path, bytes - 44);
    const memory = sampleMemory(server.processGroup);
    const run = await tusUpload(base, token, path, bytes, cut);
    const peak = memory.stop();
    rmSync(path);
    rows.push([
      label,
      mb(bytes),
      `${run.seconds.toFixed(1)} s`,
      `${(bytes / MiB / run.seconds).toFixed(1)} MiB/s`,
      mb(memory.baseline),
      mb(peak),
      run.resentBytes === undefined ? "-" : `${mb(run.resentBytes)} (cut at ${mb(run.cutAt ?? 0)})`,
    ]);
    await fetch(`${base}/api/uploads/${run.uploadId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" },
    });
    if (run.resentBytes !== undefined && run.resentBytes > PART_BYTES) {
      process.exitCode = 1;
      console.error(`resume re-sent ${mb(run.resentBytes)}, more than one ${mb(PART_BYTES)} part`);
    }
  }
  console.log("\nResumable uploads (tus-js-client → npm start)");
  console.table(
    rows.map(([file, size, time, throughput, before, peak, resent]) => ({
      file,
      size,
      time,
      throughput,
      "workerd RSS before": before,
      "workerd RSS peak": peak,
      "re-sent after cut": resent,
    })),
  );

  const size = 44 + RECORDING_SECONDS * BYTES_PER_SECOND;
  if (size > MAX_UPLOAD_BYTES)
    throw new Error(`a ${mb(size)} recording is over the ${mb(MAX_UPLOAD_BYTES)} upload limit`);
  const recording = join(dir, "recording.wav");
  await writeRecording(recording, size - 44);
  const results: Record<string, string | number>[] = [];
  for (const [tool, path] of [
    ["press release", "/api/press-releases"],
    ["sentiment report", "/api/sentiment"],
  ] as const) {
    const memory = sampleMemory(server.processGroup);
    const upload = await tusUpload(base, token, recording, size, Math.round(size * 0.6));
    const started = performance.now();
    const created = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ upload_id: upload.uploadId }),
    });
    if (created.status !== 202) throw new Error(`${path} answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const job = await waitFor(`${base}${path}/${id}`, token, 10 * 60_000);
    const jobSeconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    const detail =
      tool === "press release"
        ? `${String(job.text ?? "").length} characters`
        : `${
            (job.report as { results?: { channels?: { alternatives?: { words?: unknown[] }[] }[] } })?.results
              ?.channels?.[0]?.alternatives?.[0]?.words?.length ?? 0
          } words, ${(job.report as { metadata?: { duration?: number } })?.metadata?.duration ?? "?"} s of audio`;
    results.push({
      tool,
      upload: `${upload.seconds.toFixed(1)} s, ${(size / MiB / upload.seconds).toFixed(1)} MiB/s`,
      "re-sent after cut": `${mb(upload.resentBytes ?? 0)} (cut at ${mb(upload.cutAt ?? 0)})`,
      "upload end → job": `${job.status} in ${jobSeconds.toFixed(1)} s`,
      "workerd RSS before → peak": `${mb(memory.baseline)} → ${mb(peak)}`,
      result: job.status === "completed" ? detail : String(job.error ?? ""),
    });
    if (job.status !== "completed") process.exitCode = 1;
    if ((upload.resentBytes ?? 0) > PART_BYTES) process.exitCode = 1;
  }
  console.log(
    `\n${(RECORDING_SECONDS / 3600).toFixed(2)}-hour recording (${mb(size)} WAV, 16 kHz 16-bit), each upload cut at 60 % and resumed, end to end in the sandbox`,
  );
  console.table(results);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
