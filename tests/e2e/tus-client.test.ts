import { Buffer } from "node:buffer";
import * as tus from "tus-js-client";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser.ts";
import { newPerson, registerThroughApi, sessionThroughApi } from "./people.ts";

const MiB = 1024 * 1024;

/** Noise behind a WAV signature. */
function recording(bytes: number): Buffer {
  const data = Buffer.alloc(bytes);
  for (let i = 0; i + 4 <= bytes; i += 4) data.writeUInt32LE((Math.imul(i, 2654435761) ^ 0x5bd1e995) >>> 0, i);
  data.write("RIFF", 0);
  data.write("WAVE", 8);
  return data;
}

describe("the standard tus client against npm start", () => {
  it("uploads in odd-sized chunks, resumes from the server's offset after a cut, and a tool takes the upload", async () => {
    const person = newPerson();
    await registerThroughApi(person);
    const { token } = await sessionThroughApi(person);
    const file = recording(23 * MiB + 77);
    let cutAt = 0;
    let offsetAfterCut = 0;

    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(file, {
        endpoint: `${baseUrl()}/api/uploads`,
        headers: { authorization: `Bearer ${token}` },
        metadata: { filename: "council-meeting.wav", filetype: "audio/wav" },
        // A Buffer is sent in chunks; an odd size puts every PATCH's end between R2 parts.
        chunkSize: 7 * MiB + 3,
        retryDelays: [0, 500, 1000, 3000],
        onChunkComplete(_chunk, sent) {
          if (cutAt || sent < file.length * 0.5) return;
          cutAt = sent;
          void upload.abort().then(async () => {
            const head = await fetch(upload.url ?? "", {
              method: "HEAD",
              headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" },
            });
            offsetAfterCut = Number(head.headers.get("upload-offset"));
            upload.start();
          });
        },
        onError: reject,
        onSuccess: () => resolve(upload.url ?? ""),
      });
      upload.start();
    });

    expect(url).toMatch(/\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(offsetAfterCut).toBe(cutAt);
    const head = await fetch(url, {
      method: "HEAD",
      headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" },
    });
    expect(head.headers.get("upload-offset")).toBe(String(file.length));

    const started = await fetch(`${baseUrl()}/api/sentiment`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ upload_id: url.split("/").pop() }),
    });
    expect(started.status).toBe(202);
  });
});
