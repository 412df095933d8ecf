import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { byteRange } from "../../worker/core/byte-range.ts";
import { signedMediaUrl } from "../../worker/recordings/uploads/media-url.ts";
import { recordAudioItem } from "../../worker/speech/store.ts";
import { call, ORIGIN, registerAndSignIn } from "./helpers.ts";

/** A stored object whose every byte says where it is, so a wrong slice cannot pass. */
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const N = BYTES.length;

describe("byteRange, by RFC 9110", () => {
  it.each([
    [undefined, "whole"],
    ["bytes=0-9", { offset: 0, length: 10 }],
    ["bytes=990-", { offset: 990, length: 10 }],
    ["bytes=990-5000", { offset: 990, length: 10 }],
    ["bytes=999-999", { offset: 999, length: 1 }],
    ["bytes=-5", { offset: 995, length: 5 }],
    ["bytes=-1000", { offset: 0, length: 1000 }],
    ["bytes=-999999999", { offset: 0, length: 1000 }],
    ["Bytes=0-0", { offset: 0, length: 1 }],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=1000-2000", "unsatisfiable"],
    ["bytes=5-1", "whole"],
    ["bytes=-", "whole"],
    ["abc", "whole"],
    ["bytes=abc", "whole"],
    ["items=0-10", "whole"],
    ["bytes=0-1,5-6", "whole"],
    ["bytes=0x1-2", "whole"],
    ["", "whole"],
  ])("%s of 1000 bytes → %j", (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  it("an empty object has no byte to name: a suffix gets it whole, a start is past its end", () => {
    expect(byteRange("bytes=-5", 0)).toBe("whole");
    expect(byteRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

async function expectWhole(response: Response, label: string) {
  expect(response.status, label).toBe(200);
  expect(response.headers.get("content-range"), label).toBeNull();
  expect(new Uint8Array(await response.arrayBuffer()), label).toEqual(BYTES);
}

async function expectSpan(response: Response, from: number, to: number) {
  expect(response.status).toBe(206);
  expect(response.headers.get("content-range")).toBe(`bytes ${from}-${to}/${N}`);
  expect(response.headers.get("content-length")).toBe(String(to - from + 1));
  expect(response.headers.get("accept-ranges")).toBe("bytes");
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES.slice(from, to + 1));
}

async function expectUnsatisfiable(response: Response) {
  expect(response.status).toBe(416);
  expect(response.headers.get("content-range")).toBe(`bytes */${N}`);
  expect(await response.json()).toMatchObject({ code: "range_not_satisfiable" });
}

describe("Range on a media URL", () => {
  async function mediaGet(): Promise<(range: string) => Promise<Response>> {
    const key = `uploads/${crypto.randomUUID()}`;
    await env.AUDIO.put(key, BYTES);
    const path = new URL(await signedMediaUrl(env.DB, ORIGIN, key, "audio/wav")).pathname;
    return (range) => call(path, { headers: { range } });
  }

  it("serves one satisfiable range as 206", async () => {
    const get = await mediaGet();
    await expectSpan(await get("bytes=0-9"), 0, 9);
    await expectSpan(await get("bytes=-5"), N - 5, N - 1);
    await expectSpan(await get(`bytes=${N - 3}-${N + 100}`), N - 3, N - 1);
  });

  it("answers a range that selects nothing with 416 and the size", async () => {
    const get = await mediaGet();
    await expectUnsatisfiable(await get("bytes=-0"));
    await expectUnsatisfiable(await get(`bytes=${N}-`));
    await expectUnsatisfiable(await get(`bytes=${N + 10}-${N + 20}`));
  });

  it("ignores an invalid Range header and sends the whole file", async () => {
    const get = await mediaGet();
    for (const invalid of ["bytes=5-1", "abc", "items=0-10", "bytes=0-1,5-6"])
      await expectWhole(await get(invalid), invalid);
  });
});

describe("Range on stored audio", () => {
  async function audioGet(): Promise<(range: string) => Promise<Response>> {
    const { user, token } = await registerAndSignIn();
    const id = crypto.randomUUID();
    const key = `tts/${id}.mp3`;
    await env.AUDIO.put(key, BYTES);
    await recordAudioItem(env.DB, {
      id,
      user_id: user.id,
      created_by: user.id,
      kind: "tts",
      voice_id: "sbxAdaezeWarm01",
      text: "Bytes for ranges.",
      characters: 17,
      bytes: N,
      r2_key: key,
    });
    return (range) => call(`/api/audio/${id}`, { headers: { authorization: `Bearer ${token}`, range } });
  }

  it("serves ranges as 206, a suffix longer than the file as all of it, nothing as 416, and ignores invalid ones", async () => {
    const get = await audioGet();
    await expectSpan(await get("bytes=100-199"), 100, 199);
    await expectSpan(await get("bytes=-100"), N - 100, N - 1);
    await expectSpan(await get("bytes=-999999999"), 0, N - 1);
    await expectUnsatisfiable(await get(`bytes=${N}-`));
    await expectUnsatisfiable(await get(`bytes=${N + 1000}-`));
    await expectUnsatisfiable(await get("bytes=-0"));
    for (const invalid of ["bytes=abc", "items=0-10", "bytes=10-5"]) await expectWhole(await get(invalid), invalid);
  });
});
