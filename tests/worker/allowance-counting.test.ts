import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { monthOf } from "../../worker/live/usage.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, verifyEmail } from "./helpers.ts";

/**
 * An allowance is counted only for a request that passed validation, the gate and the ownership
 * check: a refused request costs the account nothing, and the limit still holds for real work.
 */

const VOICE = "sbxAdaezeWarm01";
type Tool = keyof typeof TOOL_RATE_LIMITS;

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function form(fields: Record<string, string>, file?: string): RequestInit {
  const body = new FormData();
  if (file) body.set(file, new Blob([speechWav(1)], { type: "audio/wav" }), "briefing.wav");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: "POST", body };
}

async function send(path: string, token: string, init: RequestInit): Promise<Response> {
  const response = await call(path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  // Read to the end, as a client would: speech is stored once its stream has passed.
  await response.arrayBuffer();
  return response;
}

const used = async (userId: string, tool: Tool) =>
  (
    await env.DB.prepare("SELECT count FROM tool_usage WHERE user_id = ? AND tool = ?")
      .bind(userId, tool)
      .first<{ count: number }>()
  )?.count ?? 0;

/** The allowance with `count` calls used in a window opened just now. */
const useUp = (userId: string, tool: Tool, count: number) =>
  env.DB.prepare(
    `INSERT INTO tool_usage (user_id, tool, window_started_at, count) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id, tool) DO UPDATE SET window_started_at = ?3, count = ?4`,
  )
    .bind(userId, tool, Date.now(), count)
    .run();

describe("refused requests use none of the allowance", () => {
  it("31 refused regenerations of an unknown release (400 and 404) leave the hour's press releases: the next is 202", async () => {
    const { token, user } = await registerAndSignIn();
    const unknown = `/api/press-releases/${crypto.randomUUID()}/regenerate`;
    for (let i = 0; i <= TOOL_RATE_LIMITS.pressRelease.limit; i++) {
      expect((await send(unknown, token, json({ tone: "loud" }))).status).toBe(400);
    }
    const valid = { tone: "formal", length: "short", audience: "national_press" };
    expect((await send(unknown, token, json(valid))).status).toBe(404);
    expect(await used(user.id, "pressRelease")).toBe(0);
    expect((await send("/api/press-releases", token, form({}, "file"))).status).toBe(202);
    expect(await used(user.id, "pressRelease")).toBe(1);
  });

  // Each tool one call short of its limit: refusals after the gate change nothing, the next real
  // call is let through and uses the last one, and the call after it is refused with 429.
  const cases: readonly {
    tool: Tool;
    path: string;
    refused: readonly [RequestInit, number][];
    valid: () => RequestInit;
    ok: number;
  }[] = [
    {
      tool: "tts",
      path: "/api/tts",
      refused: [[json({ text: "An unknown voice", voice_id: "nobody" }), 400]],
      valid: () => json({ text: `Counted once it is spoken ${crypto.randomUUID()}`, voice_id: VOICE }),
      ok: 200,
    },
    {
      tool: "voiceConversion",
      path: "/api/voice-conversion",
      refused: [
        [form({ voice_id: VOICE }), 400],
        [form({ voice_id: "nobody" }, "audio"), 400],
      ],
      valid: () => form({ voice_id: VOICE }, "audio"),
      ok: 200,
    },
    {
      tool: "sentiment",
      path: "/api/sentiment",
      refused: [
        [form({}), 400],
        [form({ language: "xx" }, "file"), 400],
        [json({ upload_id: crypto.randomUUID() }), 404],
      ],
      valid: () => form({}, "file"),
      ok: 200,
    },
    {
      tool: "pressRelease",
      path: "/api/press-releases",
      refused: [
        [form({}), 400],
        [json({ upload_id: crypto.randomUUID() }), 404],
      ],
      valid: () => form({}, "file"),
      ok: 202,
    },
  ];

  for (const { tool, path, refused, valid, ok } of cases) {
    it(`${tool}: refusals after the gate are not counted; the limit still holds`, async () => {
      const { token, user } = await registerAndSignIn();
      const limit = TOOL_RATE_LIMITS[tool].limit;
      await useUp(user.id, tool, limit - 1);
      for (const [init, status] of refused) expect((await send(path, token, init)).status).toBe(status);
      expect(await used(user.id, tool)).toBe(limit - 1);
      expect((await send(path, token, valid())).status).toBe(ok);
      expect(await used(user.id, tool)).toBe(limit);
      expect((await send(path, token, valid())).status).toBe(429);
    }, 30_000);
  }

  it("a file the provider could not decode (422) is counted: the provider was called", async () => {
    const { token, user } = await registerAndSignIn();
    const body = new FormData();
    body.set("file", new Blob(["definitely not audio at all"], { type: "audio/mpeg" }), "x.mp3");
    expect((await send("/api/sentiment", token, { method: "POST", body })).status).toBe(422);
    expect(await used(user.id, "sentiment")).toBe(1);
  });

  it("live: a ticket refused for the month's quota is not counted", async () => {
    const { token, user } = await registerAndSignIn();
    const limit = TOOL_RATE_LIMITS.live.limit;
    await useUp(user.id, "live", limit - 1);
    await env.DB.prepare("INSERT INTO live_usage (user_id, month, seconds) VALUES (?, ?, 1e9)")
      .bind(user.id, monthOf())
      .run();
    expect((await send("/api/live/ticket", token, json({}))).status).toBe(402);
    expect(await used(user.id, "live")).toBe(limit - 1);
    await env.DB.prepare("DELETE FROM live_usage WHERE user_id = ?").bind(user.id).run();
    expect((await send("/api/live/ticket", token, json({}))).status).toBe(201);
    expect((await send("/api/live/ticket", token, json({}))).status).toBe(429);
  });

  it("a refusal by the gate itself (e-mail not verified) is not counted either", async () => {
    const { token, user, input } = await registerAndSignIn({}, { verified: false });
    const limit = TOOL_RATE_LIMITS.voiceAssistant.limit;
    await useUp(user.id, "voiceAssistant", limit - 1);
    for (let i = 0; i < 3; i++) expect((await send("/api/voice/token", token, { method: "POST" })).status).toBe(409);
    expect(await used(user.id, "voiceAssistant")).toBe(limit - 1);
    await verifyEmail(input.email);
    expect((await send("/api/voice/token", token, { method: "POST" })).status).toBe(200);
    expect((await send("/api/voice/token", token, { method: "POST" })).status).toBe(429);
  });
});
