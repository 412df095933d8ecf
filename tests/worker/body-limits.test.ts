import { describe, expect, it } from "vitest";
import { call, registerAndSignIn } from "./helpers.ts";

/** A body of `bytes` sent as a stream, so it has no Content-Length, as a chunked upload has none. */
function chunkedBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(0x61);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/** `count` different CJK characters (three bytes each in UTF-8), and astral ones (four bytes, two UTF-16 units). */
const cjk = (count: number) =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(0x4e00 + (i % 5000))).join("");
const astral = (count: number) =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(0x20000 + (i % 5000))).join("");

describe("a chunked body over a limit", () => {
  it("gets the same 413 JSON as one with a Content-Length", async () => {
    const { token } = await registerAndSignIn();
    const send = (path: string, method: string, body: BodyInit, extra: Record<string, string> = {}) =>
      call(path, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...extra },
        body,
        ...({ duplex: "half" } as object),
      });
    for (const [path, method] of [
      ["/auth/signin", "POST"],
      ["/api/organisation", "PUT"],
      [`/api/press-releases/${crypto.randomUUID()}`, "PATCH"],
    ] as const) {
      const chunked = await send(path, method, chunkedBody(8 * 1024 * 1024));
      expect(chunked.status, path).toBe(413);
      const declared = await send(path, method, new Uint8Array(8 * 1024 * 1024));
      expect(declared.status, path).toBe(413);
      expect(await chunked.json()).toEqual(await declared.json());
    }
  });

  it("under the limit is read whole and validated as usual", async () => {
    const { token } = await registerAndSignIn();
    const body = new TextEncoder().encode(JSON.stringify({ language: "yo" }));
    const response = await call("/api/preferences", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body.subarray(0, 5));
          controller.enqueue(body.subarray(5));
          controller.close();
        },
      }),
      ...({ duplex: "half" } as object),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ language: "yo" });
  });
});

describe("text-to-speech counts characters, not bytes", { timeout: 60_000 }, () => {
  const VOICE = "sbxAdaezeWarm01";

  it("takes 10,000 characters of any script and refuses 10,001 with the character message", async () => {
    const { api } = await registerAndSignIn();
    for (const text of [cjk(10_000), astral(10_000)]) {
      const spoken = await api.post("/api/tts", { text, voice_id: VOICE });
      expect(spoken.status).toBe(200);
      await spoken.arrayBuffer();
    }
    for (const text of [cjk(10_001), astral(10_001)]) {
      const refused = await api.post("/api/tts", { text, voice_id: VOICE });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ errors: { text: ["Use at most 10,000 characters"] } });
    }
  });
});
