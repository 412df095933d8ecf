import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, freshIp, registerAndSignIn } from "./helpers.ts";

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
  "/api/sentiment",
  "/api/press-releases",
];

const UPLOAD_ENDPOINTS = ["/api/voice-conversion", "/api/sentiment", "/api/press-releases"];

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

describe("broken uploads never cause a 500", () => {
  it("random bytes, wrong boundaries and odd parts at every upload endpoint get 4xx JSON", async () => {
    const { token } = await registerAndSignIn();
    const upload = (path: string, body: BodyInit, contentType: string) =>
      call(path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": contentType }, body });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...UPLOAD_ENDPOINTS),
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom("multipart/form-data; boundary=vox", "multipart/form-data", "audio/wav"),
        async (path, bytes, contentType) => {
          const response = await upload(path, bytes, contentType);
          expect(response.status, `${path} ${contentType}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${path} ${contentType}`).toBeLessThan(500);
          expect(response.headers.get("content-type")).toContain("application/json");
        },
      ),
      { numRuns: 40 },
    );
    for (const path of UPLOAD_ENDPOINTS) {
      const form = new FormData();
      form.set("file", "just a string field");
      form.set("audio", "just a string field");
      await expectClientError(
        await upload(path, "--vox\r\nnot a part\r\n--vox--", "multipart/form-data; boundary=vox"),
        `${path} malformed`,
      );
      const response = await call(path, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      await expectClientError(response, `${path} string field`);
    }
  });
});
