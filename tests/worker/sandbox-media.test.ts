import { env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../worker/app-env.ts";
import * as assemblyai from "../../worker/providers/contracts/assemblyai.ts";
import * as deepgram from "../../worker/providers/contracts/deepgram.ts";
import { sandboxAssemblyAi } from "../../worker/sandbox/assemblyai.ts";
import { sandboxDeepgram } from "../../worker/sandbox/deepgram.ts";
import { ORIGIN } from "./helpers.ts";

const MiB = 1024 * 1024;
const PATTERN = new Uint8Array(MiB).map((_, i) => (i * 31 + (i >> 9)) & 0xff);

/** A mono PCM WAV header for `size` bytes in all. */
function wavHeader(size: number, sampleRate: number, bitsPerSample: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const text = (offset: number, value: string) => header.set(new TextEncoder().encode(value), offset);
  text(0, "RIFF");
  view.setUint32(4, size - 8, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, (sampleRate * bitsPerSample) / 8, true);
  view.setUint16(32, bitsPerSample / 8, true);
  view.setUint16(34, bitsPerSample, true);
  text(36, "data");
  view.setUint32(40, size - 44, true);
  return header;
}

/**
 * A recording served by URL the way the Worker's media URLs serve one (Range → 206 with
 * Content-Range), generated as it is read so a gigabyte costs no memory here, and counting every
 * byte it sends and every request's size.
 */
function servedRecording(size: number, sampleRate: number, bitsPerSample: number) {
  const header = wavHeader(size, sampleRate, bitsPerSample);
  const bytesAt = (from: number, to: number) => {
    let position = from;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (position >= to) return controller.close();
        const end = Math.min(to, position + MiB - (position % MiB));
        const chunk = PATTERN.slice(position % MiB, (position % MiB) + (end - position));
        if (position < header.length) chunk.set(header.subarray(position, Math.min(header.length, end)));
        position = end;
        controller.enqueue(chunk);
      },
    });
  };
  const served = { bytes: 0, requests: [] as { range: string | null; bytes: number }[] };
  const counted = (stream: ReadableStream<Uint8Array>, record: { bytes: number }) =>
    stream.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          served.bytes += chunk.length;
          record.bytes += chunk.length;
          controller.enqueue(chunk);
        },
      }),
    );
  const fetchMedia = async (request: Request): Promise<Response> => {
    const range = request.headers.get("range");
    const record = { range, bytes: 0 };
    served.requests.push(record);
    const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? "");
    if (!match) {
      return new Response(counted(bytesAt(0, size), record), { headers: { "content-length": String(size) } });
    }
    const from = Number(match[1]);
    const to = Math.min(size, match[2] ? Number(match[2]) + 1 : size);
    return new Response(counted(bytesAt(from, to), record), {
      status: 206,
      headers: { "content-range": `bytes ${from}-${to - 1}/${size}`, "content-length": String(to - from) },
    });
  };
  return { served, fetchMedia, bytesAt };
}

/** The two emulators, fetching media URLs from `fetchMedia` instead of this Worker. */
function emulators(fetchMedia: (request: Request) => Promise<Response>) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("dispatch", fetchMedia);
    await next();
  });
  app.route("/deepgram", sandboxDeepgram);
  app.route("/assemblyai", sandboxAssemblyAi);
  return (path: string, init: RequestInit) => app.fetch(new Request(`${ORIGIN}${path}`, init), env);
}

async function transcribe(send: ReturnType<typeof emulators>, audioUrl: string) {
  const headers = { authorization: "sandbox-assemblyai-key", "content-type": "application/json" };
  const created = await send("/assemblyai/v2/transcript", {
    method: "POST",
    headers,
    body: JSON.stringify({ audio_url: audioUrl, speech_models: ["universal-3-pro"] }),
  });
  expect(created.status).toBe(200);
  const { id } = assemblyai.transcriptAnswer.parse(await created.json());
  await send(`/assemblyai/v2/transcript/${id}`, { headers });
  return assemblyai.transcriptAnswer.parse(await (await send(`/assemblyai/v2/transcript/${id}`, { headers })).json());
}

describe("the sandbox speech providers read long recordings without holding them", { timeout: 120_000 }, () => {
  it("AssemblyAI hears a 1 GiB recording by URL from its header, end and size alone", async () => {
    const size = 1024 * MiB;
    const { served, fetchMedia } = servedRecording(size, 16_000, 16);
    const transcript = await transcribe(emulators(fetchMedia), `${ORIGIN}/api/media/one-gibibyte`);
    expect(transcript.status).toBe("completed");
    expect(transcript.audio_duration).toBe(Math.round((size - 44) / 32_000));
    expect(transcript.text?.length).toBeGreaterThan(1000);
    expect(served.bytes).toBeLessThanOrEqual(128 * 1024);
  });

  it("AssemblyAI refuses more than 10 hours of audio, as the service does", async () => {
    const { served, fetchMedia } = servedRecording(44 + 11 * 3600 * 8000, 8000, 8);
    const transcript = await transcribe(emulators(fetchMedia), `${ORIGIN}/api/media/eleven-hours`);
    expect(transcript.status).toBe("error");
    expect(transcript.error).toMatch(/maximum duration is 10 hours/);
    expect(served.bytes).toBeLessThanOrEqual(128 * 1024);
  });

  it("Deepgram hashes every byte of a URL's media, reading it once in Range windows of at most 8 MiB", async () => {
    const size = 96 * MiB + 12_345;
    const { served, fetchMedia, bytesAt } = servedRecording(size, 16_000, 16);
    const expected = new crypto.DigestStream("SHA-256");
    await bytesAt(0, size).pipeTo(expected);
    const hex = [...new Uint8Array(await expected.digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

    const response = await emulators(fetchMedia)("/deepgram/v1/listen?model=nova-3&sentiment=true", {
      method: "POST",
      headers: { authorization: "Token sandbox-deepgram-key", "content-type": "application/json" },
      body: JSON.stringify({ url: `${ORIGIN}/api/media/long` }),
    });
    expect(response.status).toBe(200);
    const answer = deepgram.prerecordedAnswer.parse(await response.json());
    expect(answer.metadata.sha256).toBe(hex);
    expect(answer.metadata.duration).toBeCloseTo((size - 44) / 32_000, 3);
    expect(served.bytes).toBe(size);
    for (const request of served.requests) {
      expect(request.range).toMatch(/^bytes=\d+-\d+$/);
      expect(request.bytes).toBeLessThanOrEqual(8 * MiB);
    }
  });
});
