import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadConfig, providerEndpoint, sandboxKey, sandboxSecret } from "../../worker/core/config.ts";
import { ConfigError } from "../../worker/core/errors.ts";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { fetchAccessToken, VoiceTokenError } from "../../worker/providers/hume.ts";
import { SANDBOX_VAPI_PUBLIC_KEY } from "../../worker/voice-assistant/contracts/voice-client.ts";
import { call, client, registerAndSignIn } from "./helpers.ts";

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

function tokenRequest(
  authorization: string,
  body = "grant_type=client_credentials",
  type = "application/x-www-form-urlencoded",
) {
  return call("/__sandbox/hume/oauth2-cc/token", {
    method: "POST",
    headers: { authorization, "content-type": type },
    body,
  });
}

describe("POST /api/voice/token", () => {
  it("gives a signed-in user on a plan or trial a short-lived access token, never the key pair", async () => {
    const { api } = await registerAndSignIn();
    const response = await api.post("/api/voice/token", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.stringMatching(/^sbx-hume-/), expires_in: 1800, token_type: "Bearer" });
    const text = JSON.stringify(body);
    expect(text).not.toContain(sandboxKey("hume"));
    expect(text).not.toContain(sandboxSecret("hume"));
  });

  it("answers 429 with Retry-After past the per-user limit", async () => {
    const { api } = await registerAndSignIn();
    for (let i = 0; i < TOOL_RATE_LIMITS.voiceAssistant.limit; i++)
      expect((await api.post("/api/voice/token", {})).status).toBe(200);
    const limited = await api.post("/api/voice/token", {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 401 without a session and 402 once the plan and trial have ended", async () => {
    expect((await client().post("/api/voice/token", {})).status).toBe(401);
    const { api, user } = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", user.id)
      .run();
    const refused = await api.post("/api/voice/token", {});
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "payment_required" });
  });
});

describe("the token exchange adapter", () => {
  const endpoint = (response: Response | Error) => ({
    baseUrl: "https://voice.test",
    apiKey: "key",
    secretKey: "secret",
    fetch: async (request: Request) => {
      expect(request.headers.get("authorization")).toBe(basic("key", "secret"));
      expect(await request.text()).toBe("grant_type=client_credentials");
      if (response instanceof Error) throw response;
      return response;
    },
  });

  it("turns a refusal, an outage and an odd answer into VoiceTokenError", async () => {
    await expect(
      fetchAccessToken(endpoint(Response.json({ error: "invalid_client" }, { status: 401 }))),
    ).rejects.toMatchObject({
      name: "VoiceTokenError",
      status: 401,
    });
    await expect(fetchAccessToken(endpoint(new TypeError("network down")))).rejects.toBeInstanceOf(VoiceTokenError);
    await expect(fetchAccessToken(endpoint(Response.json({ token: "x" })))).rejects.toThrow(/unexpected shape/);
  });

  it("needs both halves of the key pair outside the sandbox", () => {
    const base = {
      ENVIRONMENT: "production",
      SANDBOX: "0",
      MAIL_FROM: "Vox <no-reply@vox.ng>",
      TEAM_EMAIL: "a@vox.ng",
    };
    const context = { origin: "https://vox.ng", sandboxFetch: async () => new Response() };
    const keyOnly = loadConfig({ ...base, HUME_API_KEY: "k" } as unknown as Env);
    expect(() => providerEndpoint(keyOnly, "hume", context)).toThrow(ConfigError);
    expect(() => providerEndpoint(keyOnly, "hume", context)).toThrow(/HUME_SECRET_KEY/);
    const both = loadConfig({ ...base, HUME_API_KEY: "k", HUME_SECRET_KEY: "s" } as unknown as Env);
    expect(providerEndpoint(both, "hume", context)).toMatchObject({
      baseUrl: "https://api.hume.ai",
      apiKey: "k",
      secretKey: "s",
    });
  });
});

describe("sandbox voice-API token endpoint", () => {
  it("checks the basic credentials like the provider", async () => {
    const wrong = await tokenRequest(basic(sandboxKey("hume"), "not-the-secret"));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "invalid_client" });
    expect((await tokenRequest("Basic %%%")).status).toBe(401);
  });

  it("wants a form body with grant_type=client_credentials", async () => {
    const auth = basic(sandboxKey("hume"), sandboxSecret("hume"));
    const grant = await tokenRequest(auth, "grant_type=password");
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: "unsupported_grant_type" });
    expect((await tokenRequest(auth, '{"grant_type":"client_credentials"}', "application/json")).status).toBe(400);
    const ok = await tokenRequest(auth);
    expect(await ok.json()).toMatchObject({ token_type: "Bearer", expires_in: 1800 });
  });
});

describe("sandbox POST /call/web", () => {
  const webCall = (authorization: string, body: unknown) =>
    call("/__sandbox/vapi/call/web", {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("answers a web call URL for the sandbox public key, by assistant id or inline assistant", async () => {
    const byId = await webCall(`Bearer ${SANDBOX_VAPI_PUBLIC_KEY}`, { assistantId: "sandbox-assistant" });
    expect(byId.status).toBe(201);
    expect(await byId.json()).toMatchObject({
      assistantId: "sandbox-assistant",
      webCallUrl: expect.stringMatching(/^https:\/\/vox-sandbox\.daily\.co\/[0-9a-f-]{36}$/),
    });
    const inline = await webCall(`Bearer ${SANDBOX_VAPI_PUBLIC_KEY}`, { assistant: { firstMessage: "Hello" } });
    expect(await inline.json()).toMatchObject({ assistant: { firstMessage: "Hello" } });
  });

  it("refuses another key with the provider's 401 and a body without exactly one assistant with 400", async () => {
    const denied = await webCall("Bearer pk-someone-else", { assistantId: "a" });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ statusCode: 401, message: expect.stringContaining("Invalid Key") });
    for (const body of [{}, { assistantId: "a", assistant: {} }, { assistantId: 5 }]) {
      const bad = await webCall(`Bearer ${SANDBOX_VAPI_PUBLIC_KEY}`, body);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    }
  });
});
