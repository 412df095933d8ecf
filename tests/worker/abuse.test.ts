import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, registerAndSignIn } from "./helpers.ts";

/** Every endpoint that acts for a signed-in user. */
const SIGNED_IN_ENDPOINTS: [method: string, path: string][] = [
  ["GET", "/auth/me"],
  ["POST", "/auth/logout"],
  ["POST", "/auth/change-password"],
  ["POST", "/auth/delete-account"],
  ["POST", "/api/payments/initialize"],
  ["POST", "/api/tts"],
  ["POST", "/api/voice-conversion"],
  ["GET", "/api/history"],
  ["GET", `/api/audio/${crypto.randomUUID()}`],
  ["DELETE", `/api/audio/${crypto.randomUUID()}`],
  ["POST", "/api/sentiment"],
  ["GET", "/api/press-releases"],
  ["POST", "/api/press-releases"],
  ["GET", `/api/press-releases/${crypto.randomUUID()}`],
  ["DELETE", `/api/press-releases/${crypto.randomUUID()}`],
  ["POST", "/api/live/ticket"],
  ["GET", "/api/live/usage"],
  ["GET", "/api/live/transcripts"],
  ["GET", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["POST", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["DELETE", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["POST", "/api/voice/token"],
];

async function counts() {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM sessions) AS sessions,
            (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM press_releases) AS releases,
            (SELECT COUNT(*) FROM audio_items) AS audio, (SELECT COUNT(*) FROM live_tickets) AS tickets`,
  ).first();
  return row;
}

async function expectUnauthorised(response: Response, label: string) {
  expect(response.status, label).toBe(401);
  const body = (await response.json()) as { message?: unknown; code?: unknown };
  expect(typeof body.message, label).toBe("string");
  expect(typeof body.code, label).toBe("string");
}

describe("tokens that are missing, forged, expired or revoked", () => {
  it("get 401 JSON at every signed-in endpoint and change nothing", async () => {
    const { token, user } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await call("/auth/logout", { method: "POST", headers: { authorization: `Bearer ${other.token}` } });
    const expired = await registerAndSignIn();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind("2020-01-01T00:00:00.000Z", expired.user.id)
      .run();
    const before = await counts();
    const badHeaders: [string, Record<string, string>][] = [
      ["none", {}],
      ["forged", { authorization: `Bearer ${"f".repeat(64)}` }],
      ["tampered", { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}` }],
      ["wrong scheme", { authorization: `Basic ${btoa(`${user.id}:x`)}` }],
      ["revoked", { authorization: `Bearer ${other.token}` }],
      ["expired", { authorization: `Bearer ${expired.token}` }],
    ];
    for (const [method, path] of SIGNED_IN_ENDPOINTS) {
      for (const [label, headers] of badHeaders) {
        const response = await call(path, {
          method,
          headers: { ...headers, "content-type": "application/json" },
          ...(method === "GET"
            ? {}
            : { body: JSON.stringify({ plan: "monthly", text: "hi", voice_id: "x", password: "x" }) }),
        });
        await expectUnauthorised(response, `${method} ${path} with ${label} token`);
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe("ids in paths", () => {
  it("traversal, injection and random strings at every id route answer 4xx JSON and delete nothing", async () => {
    const { token } = await registerAndSignIn();
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/audio/", "/api/press-releases/"),
        fc.constantFrom("GET", "DELETE"),
        fc.oneof(
          fc.constantFrom("..%2F..%2Fetc%2Fpasswd", "%2e%2e", "' OR 1=1 --", "0", "null", "%00", "a".repeat(2000)),
          fc.string({ minLength: 1, maxLength: 64 }).map(encodeURIComponent),
          fc.uuid(),
        ),
        async (prefix, method, id) => {
          const response = await call(`${prefix}${id}`, { method, headers: { authorization: `Bearer ${token}` } });
          expect(response.status, `${method} ${prefix}${id}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${method} ${prefix}${id}`).toBeLessThan(500);
          expect(response.headers.get("content-type")).toContain("application/json");
        },
      ),
      { numRuns: 80 },
    );
    expect(await counts()).toEqual(before);
  });
});
