import { describe, expect, it } from "vitest";
import { call, declaredOversizedUpload, registerAndSignIn } from "./helpers.ts";

const VOICE = "sbxTundeNews002";

function upload(
  token: string | undefined,
  audio: Blob | null,
  voiceId = VOICE,
  filename = "take.webm",
  language?: string,
) {
  const form = new FormData();
  if (audio) form.set("audio", audio, filename);
  form.set("voice_id", voiceId);
  if (language) form.set("language", language);
  return call("/api/voice-conversion", {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

const recording = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: "audio/webm" });

describe("POST /api/voice-conversion", () => {
  it("converts an upload into streamed MP3 whose length follows the recording, and records it", async () => {
    const { api, token } = await registerAndSignIn();
    const short = await upload(token, recording(16_000));
    expect(short.status).toBe(200);
    expect(short.headers.get("content-type")).toBe("audio/mpeg");
    const shortBytes = new Uint8Array(await short.arrayBuffer());
    expect(shortBytes[0]).toBe(0xff);
    const long = new Uint8Array(await (await upload(token, recording(160_000))).arrayBuffer());
    expect(long.length).toBeGreaterThan(shortBytes.length * 4);
    await expect
      .poll(async () => ((await (await api.get("/api/history")).json()) as { items: unknown[] }).items.length)
      .toBe(2);
  });

  it("answers 401, 400, 413 and 415 for the wrong requests", async () => {
    expect((await upload(undefined, recording(100))).status).toBe(401);
    const { token } = await registerAndSignIn();
    expect((await upload(token, null)).status).toBe(400);
    expect((await upload(token, new Blob(["%PDF-1.4"], { type: "application/pdf" }), VOICE, "x.pdf")).status).toBe(415);
    expect((await upload(token, recording(100), "nobody")).status).toBe(400);
    const json = await call("/api/voice-conversion", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    const huge = await declaredOversizedUpload("/api/voice-conversion", token, 30 * 1024 * 1024);
    expect(huge.status).toBe(413);
  });

  it("converts in English (Nigeria) only and says so for another language, before any provider call", async () => {
    const { token } = await registerAndSignIn();
    expect((await upload(token, recording(16_000), VOICE, "take.webm", "en")).status).toBe(200);
    const yoruba = await upload(token, recording(16_000), VOICE, "take.webm", "yo");
    expect(yoruba.status).toBe(400);
    expect(await yoruba.json()).toMatchObject({
      code: "language_not_served",
      message: "Voice conversion is available in English (Nigeria) only for now.",
    });
    expect((await upload(token, recording(16_000), VOICE, "take.webm", "xx")).status).toBe(400);
  });
});
