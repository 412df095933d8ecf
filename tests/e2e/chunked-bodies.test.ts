import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser.ts";
import { newSession } from "./people.ts";

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

const EIGHT_MB = 8 * 1024 * 1024;

/** A body that is not JSON (once a 500 with a stack trace) is kept as text, for the failure to show. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends `bytes` of body in 64 KiB chunks with no Content-Length (chunked), as fast as the socket
 * takes them, over a real connection: only there does a refusal that closes the connection under a
 * client still sending show, as ECONNRESET or EPIPE instead of the answer.
 */
function sendChunked(method: string, path: string, headers: Record<string, string>, bytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl());
    const outgoing = request(url, { method, headers });
    outgoing.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (data: string) => {
        text += data;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: jsonOrText(text) }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once("drain", write);
          return;
        }
      }
      outgoing.end();
    };
    write();
  });
}

describe("an 8 MB chunked body over a limit, over a real socket", () => {
  it("gets the same 413 JSON as a declared one, and the connection is never reset", async () => {
    const { token } = await newSession();
    const json = { "content-type": "application/json" };
    const authed = { ...json, authorization: `Bearer ${token}` };
    const tooLarge = { status: 413, body: { code: "payload_too_large", message: "The request body is too large." } };

    expect(await sendChunked("POST", "/auth/signin", json, EIGHT_MB)).toEqual(tooLarge);
    expect(await sendChunked("PUT", "/api/organisation", authed, EIGHT_MB)).toEqual(tooLarge);
    expect(await sendChunked("PATCH", `/api/press-releases/${crypto.randomUUID()}`, authed, EIGHT_MB)).toEqual(
      tooLarge,
    );

    const tus = { "tus-resumable": "1.0.0", authorization: `Bearer ${token}` };
    const created = await fetch(`${baseUrl()}/api/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": "1000",
        "upload-metadata": `filename ${btoa("a.wav")},filetype ${btoa("audio/wav")}`,
      },
    });
    expect(created.status).toBe(201);
    const past = await sendChunked(
      "PATCH",
      created.headers.get("location") ?? "",
      { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      EIGHT_MB,
    );
    expect(past).toMatchObject({ status: 413, body: { code: "beyond_upload_length" } });
  });
});
