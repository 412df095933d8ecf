// `npm run bench:data-download`: streams a zip of BENCH_ZIP_MIB (default 1024) MiB of stored audio,
// in 64 MiB files read in 64 KiB chunks as R2 hands them out, through the data download's zip writer
// (worker/accounts/export/zip.ts), and reports the CPU it costs per GiB and the most memory it held.
// The Worker's CPU limit bounds how large one zip can be, so this is the figure to hold it against.

import { type ObjectSource, type StoredFile, zipStream } from "../worker/accounts/export/zip.ts";

const TOTAL_MIB = Number(process.env.BENCH_ZIP_MIB ?? 1024);
const FILE_MIB = 64;
const CHUNK = 64 * 1024;

/** Just enough of R2 for the zip writer: each object a stream of fresh 64 KiB chunks. */
const bucket: ObjectSource = {
  async get(key: string) {
    const size = Number(key.split(":")[1]);
    let sent = 0;
    return {
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          const length = Math.min(CHUNK, size - sent);
          if (length === 0) return controller.close();
          const chunk = new Uint8Array(length);
          chunk[0] = sent & 0xff;
          controller.enqueue(chunk);
          sent += length;
        },
      }),
    };
  },
};

const files: StoredFile[] = Array.from({ length: Math.ceil(TOTAL_MIB / FILE_MIB) }, (_, index) => {
  const bytes = Math.min(FILE_MIB, TOTAL_MIB - index * FILE_MIB) * 1024 * 1024;
  return { path: `recordings/${index}.wav`, key: `${index}:${bytes}`, bytes, modified: new Date().toISOString() };
});

/** Memory still held (garbage collected first): what the zip writer keeps, not what it has let go. */
const live = () => {
  global.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const baseline = live();
let peak = baseline;
const cpuBefore = process.cpuUsage();
const started = performance.now();
let written = 0;
const reader = zipStream(bucket, files).getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  written += value.length;
  if (written % (FILE_MIB * 1024 * 1024) < CHUNK) peak = Math.max(peak, live());
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const gib = written / 1024 ** 3;
console.log(`zip of ${files.length} files, ${(written / 1024 ** 2).toFixed(0)} MiB written in ${seconds.toFixed(1)} s`);
console.log(`CPU ${cpuSeconds.toFixed(1)} s, ${(cpuSeconds / gib).toFixed(1)} s per GiB`);
console.log(`memory held above the start: ${((peak - baseline) / 1024 ** 2).toFixed(1)} MiB at most`);
