import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { keepGeneratedAudio } from "../../worker/speech/store.ts";
import { voicesCacheKey } from "../../worker/speech/voices.ts";
import { type Client, call, client, ORIGIN, registerAndSignIn } from "./helpers.ts";

const VOICE = "sbxAdaezeWarm01";

const isMp3FrameStart = (bytes: Uint8Array) => bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;

async function readAll(response: Response): Promise<{ first: Uint8Array; all: Uint8Array; chunks: number }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return { first: parts[0] ?? new Uint8Array(), all, chunks: parts.length };
}

async function history(api: Client) {
  return (
    (await (await api.get("/api/history")).json()) as {
      items: Array<{ id: string; bytes: number; text_excerpt: string }>;
    }
  ).items;
}

async function waitForHistory(api: Client, count: number) {
  for (let i = 0; i < 100; i++) {
    const items = await history(api);
    if (items.length >= count) return items;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error("generation was never recorded");
}

describe("GET /api/tts/voices", () => {
  it("lists the provider's voices and keeps them in the edge cache", async () => {
    const response = await call("/api/tts/voices");
    expect(response.status).toBe(200);
    const { voices } = (await response.json()) as {
      voices: Array<{ voice_id: string; name: string; preview_url: string }>;
    };
    expect(voices.length).toBeGreaterThanOrEqual(5);
    expect(voices[0]).toMatchObject({ voice_id: VOICE, name: "Adaeze" });
    expect(voices[0]?.preview_url).toContain("/__sandbox/elevenlabs/previews/");
    const key = voicesCacheKey(`${ORIGIN}/__sandbox/elevenlabs`);
    await expect.poll(async () => (await caches.default.match(key))?.status).toBe(200);
    const cached = (await (await caches.default.match(key))?.json()) as { voices: object[] };
    const english = (await (await call("/api/tts/voices?language=en")).json()) as { voices: unknown[] };
    expect(english.voices).toEqual(cached.voices.map((voice) => ({ ...voice, language: "en" })));
  });

  it("answers only Yorùbá voices for ?language=yo, every voice carrying its language", async () => {
    const response = await call("/api/tts/voices?language=yo");
    expect(response.status).toBe(200);
    const { voices } = (await response.json()) as { voices: Array<{ voice_id: string; language: string }> };
    expect(voices.map((voice) => voice.voice_id).sort()).toEqual(["femi", "funmi", "sade", "segun"]);
    expect(voices.every((voice) => voice.language === "yo")).toBe(true);
  });

  it("without a language lists every voice of every language, each with its language", async () => {
    const { voices } = (await (await call("/api/tts/voices")).json()) as {
      voices: Array<{ voice_id: string; language: string }>;
    };
    const languages = new Set(voices.map((voice) => voice.language));
    expect([...languages].sort()).toEqual(["en", "ha", "ig", "pcm", "yo"]);
    expect(voices.find((voice) => voice.voice_id === VOICE)?.language).toBe("en");
    expect(voices.find((voice) => voice.voice_id === "amina")?.language).toBe("ha");
  });

  it("refuses a language it does not offer", async () => {
    const response = await call("/api/tts/voices?language=fr");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed" });
  });
});

describe("POST /api/tts", () => {
  it("needs a session and an active plan", async () => {
    expect((await client().post("/api/tts", { text: "Hi", voice_id: VOICE })).status).toBe(401);
    const { api, user } = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", user.id)
      .run();
    expect((await api.post("/api/tts", { text: "Hi", voice_id: VOICE })).status).toBe(402);
  });

  it("explains empty text, too much text and an unknown voice", async () => {
    const { api } = await registerAndSignIn();
    expect(await (await api.post("/api/tts", { text: "   ", voice_id: VOICE })).json()).toMatchObject({
      errors: { text: ["Type the text to speak"] },
    });
    expect((await api.post("/api/tts", { text: "a".repeat(10_001), voice_id: VOICE })).status).toBe(400);
    expect(await (await api.post("/api/tts", { text: "Hello", voice_id: "nobody" })).json()).toMatchObject({
      code: "unknown_voice",
    });
  });

  it("streams real MP3 in several chunks, longer text giving longer audio; a repeat is served from R2", async () => {
    const { api } = await registerAndSignIn();
    const text = "Good morning Lagos. The minister will brief the press at noon today.";
    const first = await api.post("/api/tts", { text, voice_id: VOICE });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    expect(first.headers.get("x-vox-cache")).toBe("miss");
    const streamed = await readAll(first);
    expect(streamed.chunks).toBeGreaterThan(3);
    expect(isMp3FrameStart(streamed.first)).toBe(true);

    const [item] = await waitForHistory(api, 1);
    expect(item).toMatchObject({ bytes: streamed.all.length, text_excerpt: text });

    const again = await api.post("/api/tts", { text, voice_id: VOICE });
    expect(again.headers.get("x-vox-cache")).toBe("hit");
    expect((await readAll(again)).all).toEqual(streamed.all);
    expect((await history(api)).length).toBe(2);

    const short = await readAll(await api.post("/api/tts", { text: "Hello.", voice_id: VOICE }));
    expect(short.all.length * 4).toBeLessThan(streamed.all.length);
  });
});

describe("POST /api/tts in Yorùbá, Hausa, Igbo and Pidgin", () => {
  it("refuses a voice of another language with a clear message", async () => {
    const { api } = await registerAndSignIn();
    const yorubaText = "Ẹ káàárọ̀ o.";
    const english = await api.post("/api/tts", { text: yorubaText, voice_id: VOICE, language: "yo" });
    expect(english.status).toBe(400);
    expect(await english.json()).toMatchObject({
      code: "voice_language_mismatch",
      message: "That voice speaks English (Nigeria), not Yorùbá. Choose a voice for Yorùbá.",
    });
    const hausa = await api.post("/api/tts", { text: "Sannu", voice_id: "amina" });
    expect(hausa.status).toBe(400);
    expect(await hausa.json()).toMatchObject({
      message: "That voice speaks Hausa, not English (Nigeria). Choose a voice for English (Nigeria).",
    });
  });

  it("speaks Yorùbá through Spitch as MP3, recorded in the history and served from R2 on a repeat", async () => {
    const { api } = await registerAndSignIn();
    const text = "Ẹ káàárọ̀, a dúpẹ́ lọ́wọ́ gbogbo yín.";
    const first = await api.post("/api/tts", { text, voice_id: "sade", language: "yo" });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    expect(first.headers.get("x-vox-cache")).toBe("miss");
    const spoken = await readAll(first);
    expect(isMp3FrameStart(spoken.first)).toBe(true);
    const [item] = await waitForHistory(api, 1);
    expect(item).toMatchObject({ bytes: spoken.all.length, text_excerpt: text });
    const again = await api.post("/api/tts", { text, voice_id: "sade", language: "yo" });
    expect(again.headers.get("x-vox-cache")).toBe("hit");
    expect((await readAll(again)).all).toEqual(spoken.all);
  });

  it("takes English as the default language, so today's requests are unchanged", async () => {
    const { api } = await registerAndSignIn();
    const explicit = await api.post("/api/tts", { text: "Good day, Kano.", voice_id: VOICE, language: "en" });
    expect(explicit.headers.get("x-vox-cache")).toBe("miss");
    await readAll(explicit);
    await waitForHistory(api, 1);
    const implicit = await api.post("/api/tts", { text: "Good day, Kano.", voice_id: VOICE });
    expect(implicit.headers.get("x-vox-cache")).toBe("hit");
  });

  it("refuses a language it does not offer", async () => {
    const { api } = await registerAndSignIn();
    const response = await api.post("/api/tts", { text: "Bonjour", voice_id: VOICE, language: "fr" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { language: ["Choose a language from the list"] } });
  });
});

describe("the cache across accounts", () => {
  const ttsCalls = (userId: string) =>
    env.DB.prepare("SELECT count FROM tool_usage WHERE user_id = ? AND tool = 'tts'")
      .bind(userId)
      .first<number>("count");

  it("another account's generation of the same text is a counted miss; the first account's repeat stays a free hit", async () => {
    const first = await registerAndSignIn();
    const second = await registerAndSignIn();
    const text = `Said first by one newsroom, ${crypto.randomUUID()}.`;
    const original = await first.api.post("/api/tts", { text, voice_id: VOICE });
    expect(original.headers.get("x-vox-cache")).toBe("miss");
    const audio = (await readAll(original)).all;
    await waitForHistory(first.api, 1);

    const theirs = await second.api.post("/api/tts", { text, voice_id: VOICE });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("x-vox-cache")).toBe("miss");
    await readAll(theirs);
    expect(await ttsCalls(second.user.id)).toBe(1);
    const [theirItem] = await waitForHistory(second.api, 1);
    const deleted = await call(`/api/audio/${theirItem?.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(deleted.status).toBe(200);

    const again = await first.api.post("/api/tts", { text, voice_id: VOICE });
    expect(again.headers.get("x-vox-cache")).toBe("hit");
    expect((await readAll(again)).all).toEqual(audio);
    expect(await ttsCalls(first.user.id)).toBe(1);
  });
});

describe("streaming", () => {
  it("the first audio arrives long before the provider has finished the whole text", async () => {
    const { api } = await registerAndSignIn();
    const text = Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ");
    const started = performance.now();
    const response = await api.post("/api/tts", { text, voice_id: VOICE });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const firstAt = performance.now() - started;
    expect(first.value && isMp3FrameStart(first.value)).toBe(true);
    while (!(await reader.read()).done) {
      // drain
    }
    const doneAt = performance.now() - started;
    expect(firstAt * 3).toBeLessThan(doneAt);
  });
});

describe("history and playback", () => {
  it("plays the owner's audio with Range support; others get 404; delete removes it", async () => {
    const { api } = await registerAndSignIn();
    const generated = await api.post("/api/tts", { text: "A unique sentence for the range test.", voice_id: VOICE });
    const full = await readAll(generated);
    const [item] = await waitForHistory(api, 1);
    const id = item?.id ?? "";

    const whole = await api.get(`/api/audio/${id}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await readAll(whole)).all).toEqual(full.all);

    const ranged = await call(`/api/audio/${id}`, {
      headers: { authorization: `Bearer ${api.token}`, range: "bytes=100-199" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${full.all.length}`);
    expect((await readAll(ranged)).all).toEqual(full.all.slice(100, 200));

    const stranger = await registerAndSignIn();
    expect((await stranger.api.get(`/api/audio/${id}`)).status).toBe(404);
    expect((await stranger.api.get("/api/audio/..%2F..%2Fetc")).status).toBe(404);
    expect(
      (await call(`/api/audio/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${stranger.token}` } }))
        .status,
    ).toBe(404);

    const deleted = await call(`/api/audio/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(deleted.status).toBe(200);
    expect((await api.get(`/api/audio/${id}`)).status).toBe(404);
    expect(await history(api)).toEqual([]);
  });
});

describe("speech finishing after its account is erased", () => {
  const item = (userId: string) => ({
    id: crypto.randomUUID(),
    user_id: userId,
    created_by: userId,
    kind: "tts" as const,
    voice_id: VOICE,
    text: "Said as the account went.",
    characters: 25,
    r2_key: `tts/${userId}/${crypto.randomUUID()}.mp3`,
  });

  it("is not kept: the object written after the erasure is removed and no history row appears", async () => {
    const { api, input, user } = await registerAndSignIn();
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    const late = item(user.id);
    await keepGeneratedAudio(env, late, new Uint8Array([0xff, 0xfb, 1, 2]));
    expect(await env.AUDIO.head(late.r2_key)).toBeNull();
    expect((await env.AUDIO.list({ prefix: `tts/${user.id}/` })).objects).toEqual([]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM audio_items WHERE id = ?").bind(late.id).first("n");
    expect(rows).toBe(0);
  });

  it("is kept for an account that still exists", async () => {
    const { user } = await registerAndSignIn();
    const kept = item(user.id);
    await keepGeneratedAudio(env, kept, new Uint8Array([0xff, 0xfb, 1, 2]));
    expect(await env.AUDIO.head(kept.r2_key)).not.toBeNull();
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM audio_items WHERE id = ?").bind(kept.id).first("n");
    expect(rows).toBe(1);
  });
});
