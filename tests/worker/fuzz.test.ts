import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, freshIp } from "./helpers.ts";

const JSON_ENDPOINTS = [
  "/api",
  "/auth/register",
  "/auth/signin",
  "/auth/forgot-password",
  "/auth/verify-otp",
  "/auth/reset-password",
  "/auth/change-password",
  "/auth/delete-account",
  "/auth/logout",
  "/api/payments/initialize",
  "/api/payments/webhook",
  "/api/tts",
  "/api/voice-conversion",
];

async function expectClientError(response: Response, label: string) {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  const body = (await response.json()) as { message?: unknown; code?: unknown };
  expect(typeof body.message, label).toBe("string");
  expect(typeof body.code, label).toBe("string");
}

const post = (path: string, body: BodyInit, contentType = "application/json") =>
  call(path, { method: "POST", headers: { "content-type": contentType, "cf-connecting-ip": freshIp() }, body });

describe("bad input never causes a 500", () => {
  it.each(JSON_ENDPOINTS)("%s answers malformed, mistyped and oversized bodies with 4xx JSON", async (path) => {
    await expectClientError(await post(path, "{not json"), `${path} malformed`);
    await expectClientError(await post(path, "[]"), `${path} array`);
    await expectClientError(await post(path, JSON.stringify({ email: 42, password: ["x"], otp: {} })), `${path} types`);
    await expectClientError(await post(path, JSON.stringify({ message: "x".repeat(40_000) })), `${path} oversized`);
    await expectClientError(await post(path, "email=a@b.ng", "application/x-www-form-urlencoded"), `${path} form`);
  });

  it("random JSON values at every endpoint get 4xx JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), fc.jsonValue(), async (path, value) => {
        const response = await post(path, JSON.stringify(value));
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toContain("application/json");
      }),
      { numRuns: 60 },
    );
  });
});
