import { Buffer } from "node:buffer";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser.ts";
import { newPerson, registerThroughApi, registerUnverified, sessionThroughApi } from "./people.ts";

const MiB = 1024 * 1024;

interface Seen {
  readonly status?: number;
  readonly body?: unknown;
  /** The socket error the client met instead of an answer (EPIPE, ECONNRESET…). */
  readonly error?: string;
}

/**
 * Posts a multipart file of `bytes` the way a plain HTTP client does: it keeps writing the whole
 * body whatever the server does, and reports the answer or the error it met while sending.
 */
function postWholeFile(path: string, token: string, bytes: number): Promise<Seen> {
  const boundary = "vox-refusal";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="town-hall.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  const url = new URL(path, baseUrl());
  return new Promise((resolve) => {
    const req = request(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + bytes + tail.length,
      },
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // a non-JSON answer is itself the failure the assertion shows
        }
        resolve({ status: res.statusCode, body });
      });
    });
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!req.write(part)) {
          req.once("drain", pump);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/** An account that signed up and never entered its verification code. */
async function unverifiedSession(): Promise<string> {
  const person = newPerson();
  await registerUnverified(person);
  return (await sessionThroughApi(person)).token;
}

describe("a job route refusing a file while the client is still sending it", () => {
  it("answers 413, 401 and 409 as JSON every time, never a reset or a 500", async () => {
    const person = newPerson();
    await registerThroughApi(person);
    const { token } = await sessionThroughApi(person);
    const unverified = await unverifiedSession();
    const cases = [
      { name: "61 MB over the 50 MB limit", token, bytes: 61 * MiB, status: 413, code: "payload_too_large" },
      { name: "12 MB with a bad token", token: "not-a-session", bytes: 12 * MiB, status: 401, code: "unauthorized" },
      {
        name: "19 MB from an unverified account",
        token: unverified,
        bytes: 19 * MiB,
        status: 409,
        code: "email_unverified",
      },
    ];
    // The cut showed on some attempts only, so each case is sent several times.
    for (let round = 0; round < 4; round++) {
      for (const refusal of cases) {
        const seen = await postWholeFile("/api/press-releases", refusal.token, refusal.bytes);
        expect({ case: refusal.name, ...seen }).toEqual({
          case: refusal.name,
          status: refusal.status,
          body: { message: expect.any(String), code: refusal.code },
        });
      }
    }
  });
});
