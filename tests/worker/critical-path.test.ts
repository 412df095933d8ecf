import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/accounts/tokens.ts";
import { app } from "../../worker/app.ts";
import { summarise, type Trace } from "../../worker/bench/critical-path.ts";
import { TRACE_HEADER } from "../../worker/bench/remote-trace.ts";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { WORKSPACE_HEADER } from "../../worker/workspaces/contracts/workspaces.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { team } from "./workspace-helpers.ts";

/**
 * Locally every binding answers in-process, so a new remote call on a hot path costs nothing
 * measurable here, but in production it is another long round trip before the first byte. These
 * tests hold, per route, how many remote round trips the Worker makes one after another before it
 * calls the provider (or answers, where there is none), from the bench trace.
 */

const VOICE = "sbxAdaezeWarm01";

async function traced(path: string, token: string, init: RequestInit = {}) {
  const response = await call(path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}`, [TRACE_HEADER]: "1" },
  });
  const header = response.headers.get(TRACE_HEADER);
  expect(header, `${path} answered without a trace`).not.toBeNull();
  const summary = summarise(JSON.parse(header as string) as Trace);
  // Read to the end: the generated audio is stored once the whole stream has passed.
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers, summary };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function form(field: string, extra: Record<string, string> = {}): RequestInit {
  const body = new FormData();
  body.set(field, new Blob([speechWav(1)], { type: "audio/wav" }), "briefing.wav");
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  return { method: "POST", body };
}

async function ticketFor(token: string): Promise<string> {
  const response = await call("/api/live/ticket", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { ticket: string }).ticket;
}

describe("remote round trips before the first byte", () => {
  it("text-to-speech: one before the provider on a miss; on a hit no provider, the account's copy read beside the session", async () => {
    const { token } = await registerAndSignIn();
    const body = json({ text: "Round trips, counted before the provider.", voice_id: VOICE });
    await call("/api/tts/voices");
    const miss = await traced("/api/tts", token, body);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("x-vox-cache")).toBe("miss");
    expect(miss.summary.providerCalls).toBe(1);
    expect(miss.summary.sequentialBeforeFirstByte).toBe(1);

    await expect
      .poll(async () => (await traced("/api/tts", token, body)).headers.get("x-vox-cache"), { timeout: 15_000 })
      .toBe("hit");
    const hit = await traced("/api/tts", token, body);
    expect(hit.summary.providerCalls).toBe(0);
    expect(hit.summary.sequentialBeforeFirstByte).toBe(1);
  }, 20_000);

  it("text-to-speech: a token that names no account still hits its cache, reading it after the session; one naming another account reads nothing", async () => {
    const { token, user } = await registerAndSignIn();
    const userId = user.id;
    const body = json({
      text: `A sign-in from before tokens named their account ${crypto.randomUUID()}`,
      voice_id: VOICE,
    });
    await traced("/api/tts", token, body);
    await expect
      .poll(async () => (await traced("/api/tts", token, body)).headers.get("x-vox-cache"), { timeout: 15_000 })
      .toBe("hit");
    // A token as sign-ins made them before: random only.
    const older = "o".repeat(43);
    await env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(await sha256Hex(older), userId, new Date().toISOString(), new Date(Date.now() + 3_600_000).toISOString())
      .run();
    const hit = await traced("/api/tts", older, body);
    expect(hit.headers.get("x-vox-cache")).toBe("hit");
    expect(hit.summary.sequentialBeforeFirstByte).toBe(2);

    const other = await registerAndSignIn();
    const claiming = await traced("/api/tts", `${userId}.${other.token.split(".")[1]}`, body);
    expect(claiming.status).toBe(401);
    expect(claiming.summary.providerCalls).toBe(0);
  }, 20_000);

  it("text-to-speech in someone else's workspace: a hit reads the workspace's copy beside the session, and naming a workspace one is not in is a 404 before any provider call", async () => {
    const { editor, workspace } = await team();
    const body = json({ text: `Shared speech ${crypto.randomUUID()}`, voice_id: VOICE });
    const inWorkspace = {
      ...body,
      headers: { ...(body.headers as Record<string, string>), [WORKSPACE_HEADER]: workspace },
    };
    await traced("/api/tts", editor.token, inWorkspace);
    await expect
      .poll(async () => (await traced("/api/tts", editor.token, inWorkspace)).headers.get("x-vox-cache"), {
        timeout: 15_000,
      })
      .toBe("hit");
    const hit = await traced("/api/tts", editor.token, inWorkspace);
    expect(hit.summary.providerCalls).toBe(0);
    expect(hit.summary.sequentialBeforeFirstByte).toBe(1);

    const stranger = await registerAndSignIn();
    const outside = {
      ...body,
      headers: { ...(body.headers as Record<string, string>), [WORKSPACE_HEADER]: workspace },
    };
    const refused = await traced("/api/tts", stranger.token, outside);
    expect(refused.status).toBe(404);
    expect(refused.summary.providerCalls).toBe(0);
  }, 30_000);

  it("voice conversion, sentiment and the voice token: one before the provider", async () => {
    const { token } = await registerAndSignIn();
    for (const [path, init] of [
      ["/api/voice-conversion", form("audio", { voice_id: VOICE })],
      ["/api/sentiment", form("file")],
      ["/api/voice/token", { method: "POST" }],
    ] as const) {
      const { status, summary } = await traced(path, token, init);
      expect(status, path).toBe(200);
      expect(summary.providerCalls, path).toBeGreaterThan(0);
      expect(summary.sequentialBeforeFirstByte, path).toBe(1);
    }
  });

  it("a press release: one, to the job's object, which checks, stores the upload and starts itself", async () => {
    const { token } = await registerAndSignIn();
    const { status, summary } = await traced("/api/press-releases", token, form("file"));
    expect(status).toBe(202);
    expect(summary.sequentialBeforeFirstByte).toBe(1);
    expect(summary.calls.map((call) => call.target)).toEqual(["durable-object"]);
  });

  it("a press release or sentiment report on a finished upload: one, to the job's object", async () => {
    const { token } = await registerAndSignIn();
    for (const path of ["/api/press-releases", "/api/sentiment"]) {
      const upload_id = await tusUpload(token, speechWav(2));
      const { status, summary } = await traced(path, token, json({ upload_id }));
      expect(status, path).toBe(202);
      expect(summary.sequentialBeforeFirstByte, path).toBe(1);
    }
  });

  it("live: one for the ticket, one to open the socket (the relay spends the ticket itself)", async () => {
    const { token } = await registerAndSignIn();
    const ticket = await traced("/api/live/ticket", token, { method: "POST" });
    expect(ticket.status).toBe(201);
    expect(ticket.summary.sequentialBeforeFirstByte).toBe(1);

    const response = await call(`/api/live?ticket=${await ticketFor(token)}`, {
      headers: { upgrade: "websocket", [TRACE_HEADER]: "1" },
    });
    expect(response.status).toBe(101);
    response.webSocket?.accept();
    response.webSocket?.close(1000);
    const open = summarise(JSON.parse(response.headers.get(TRACE_HEADER) as string) as Trace);
    expect(open.sequentialBeforeFirstByte).toBe(1);
  });

  it("the account and the history: one each", async () => {
    const { token } = await registerAndSignIn();
    for (const path of ["/auth/me", "/api/history"]) {
      const { status, summary } = await traced(path, token);
      expect(status, path).toBe(200);
      expect(summary.sequentialBeforeFirstByte, path).toBe(1);
    }
  });
});

describe("refusals on the shortened paths", () => {
  const tools = [
    // A fresh text each time: generated audio would be served free from the cache.
    ["/api/tts", () => json({ text: `A refused request costs nothing ${crypto.randomUUID()}`, voice_id: VOICE })],
    ["/api/voice-conversion", () => form("audio", { voice_id: VOICE })],
    ["/api/sentiment", () => form("file")],
    ["/api/press-releases", () => form("file")],
    // The gate refuses before the upload is looked up, so any id will do.
    ["/api/press-releases", () => json({ upload_id: crypto.randomUUID() })],
    ["/api/sentiment", () => json({ upload_id: crypto.randomUUID() })],
    ["/api/live/ticket", () => ({ method: "POST" })],
  ] as const;

  it("a revoked session is refused by the next request, before any provider call", async () => {
    const { api, token } = await registerAndSignIn();
    expect((await api.post("/auth/logout", {})).status).toBe(200);
    for (const [path, init] of tools) {
      const { status, summary } = await traced(path, token, init());
      expect(status, path).toBe(401);
      expect(summary.providerCalls, path).toBe(0);
    }
  });

  it("without a bearer token a job is refused in the Worker: no remote call, no object made", async () => {
    for (const [path, init] of tools.filter(([path]) => path === "/api/press-releases" || path === "/api/sentiment")) {
      const request: RequestInit = init();
      const headers = { ...(request.headers as Record<string, string> | undefined), [TRACE_HEADER]: "1" };
      const response = await call(path, { ...request, headers });
      expect(response.status, path).toBe(401);
      expect(summarise(JSON.parse(response.headers.get(TRACE_HEADER) as string) as Trace).calls, path).toEqual([]);
    }
  });

  it("without a plan: 402 before any provider call", async () => {
    const { user, token } = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    for (const [path, init] of tools) {
      const { status, summary } = await traced(path, token, init());
      expect(status, path).toBe(402);
      expect(summary.providerCalls, path).toBe(0);
    }
  });

  it("at the limit: 429 with Retry-After before any provider call; the next window is open again", async () => {
    const { user, token } = await registerAndSignIn();
    const toolOf = {
      "/api/tts": "tts",
      "/api/voice-conversion": "voiceConversion",
      "/api/sentiment": "sentiment",
      "/api/press-releases": "pressRelease",
      "/api/live/ticket": "live",
    } as const;
    const fill = (startedAt: number) =>
      env.DB.batch(
        Object.values(toolOf).map((tool) =>
          env.DB.prepare(
            `INSERT INTO tool_usage (user_id, tool, window_started_at, count) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (user_id, tool) DO UPDATE SET window_started_at = ?3, count = ?4`,
          ).bind(user.id, tool, startedAt, TOOL_RATE_LIMITS[tool].limit),
        ),
      );
    await fill(Date.now());
    for (const [path, init] of tools) {
      const { status, headers, summary } = await traced(path, token, init());
      expect(status, path).toBe(429);
      expect(Number(headers.get("retry-after")), path).toBeGreaterThan(0);
      expect(summary.providerCalls, path).toBe(0);
    }
    await fill(Date.now() - 3601 * 1000);
    const again = await traced("/api/sentiment", token, form("file"));
    expect(again.status).toBe(200);
  });

  it("a refused press release writes nothing to R2 and leaves the upload it named untouched", async () => {
    const { user, token } = await registerAndSignIn();
    const upload_id = await tusUpload(token, speechWav(2));
    const stored = async () => (await env.AUDIO.list({ prefix: "press-releases/" })).objects.length;
    const before = await stored();
    const releases = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM jobs WHERE user_id = ?").bind(user.id).first<number>("n");

    await env.DB.prepare(
      "INSERT INTO tool_usage (user_id, tool, window_started_at, count) VALUES (?, 'pressRelease', ?, ?)",
    )
      .bind(user.id, Date.now(), TOOL_RATE_LIMITS.pressRelease.limit)
      .run();
    expect((await traced("/api/press-releases", token, form("file"))).status).toBe(429);
    expect((await traced("/api/press-releases", token, json({ upload_id }))).status).toBe(429);

    await env.DB.prepare("DELETE FROM tool_usage WHERE user_id = ?").bind(user.id).run();
    // Storage already at the plan's quota: the next file does not fit.
    await env.DB.prepare("UPDATE uploads SET length = ? WHERE id = ?")
      .bind(20 * 1024 ** 3, upload_id)
      .run();
    const over = await traced("/api/press-releases", token, form("file"));
    expect(over.status).toBe(402);
    expect(await stored()).toBe(before);
    expect(await releases()).toBe(0);

    const taken = await traced("/api/press-releases", token, json({ upload_id }));
    expect(taken.status).toBe(202);
    expect(await releases()).toBe(1);
  });

  it("a cache hit is served and not counted even when the limit is reached", async () => {
    const { user, token } = await registerAndSignIn();
    const body = json({ text: "Served from the cache at the limit.", voice_id: VOICE });
    expect((await traced("/api/tts", token, body)).status).toBe(200);
    await expect
      .poll(async () => (await traced("/api/tts", token, body)).headers.get("x-vox-cache"), { timeout: 15_000 })
      .toBe("hit");
    const limit = TOOL_RATE_LIMITS.tts.limit;
    await env.DB.prepare("UPDATE tool_usage SET count = ? WHERE user_id = ? AND tool = 'tts'")
      .bind(limit, user.id)
      .run();
    const hit = await traced("/api/tts", token, body);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-vox-cache")).toBe("hit");
    const row = await env.DB.prepare("SELECT count FROM tool_usage WHERE user_id = ? AND tool = 'tts'")
      .bind(user.id)
      .first<{ count: number }>();
    expect(row?.count).toBe(limit);
  }, 20_000);
});

describe("the trace", () => {
  it("answers only a sandboxed Worker: production ignores x-vox-trace", async () => {
    const asked = { headers: { [TRACE_HEADER]: "1" } };
    const production = { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "production" };
    expect((await app.request("/api/health", asked, production)).headers.get(TRACE_HEADER)).toBeNull();
    expect((await app.request("/api/health", asked, env)).headers.get(TRACE_HEADER)).not.toBeNull();
  });
});
