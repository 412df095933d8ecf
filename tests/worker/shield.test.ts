import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { API } from "../../worker/contracts/api-paths.ts";
import { SHIELD_MAX_BYTES } from "../../worker/sandbox/shield.ts";
import { call } from "./helpers.ts";

const DETECTOR = "/__sandbox/shield";

function upload(bytes: Uint8Array, type = "audio/mpeg", accept = "application/json") {
  const form = new FormData();
  form.set("audio", new File([bytes], "statement.mp3", { type }));
  return call(DETECTOR, { method: "POST", body: form, headers: { accept } });
}

describe("the Shield frame's default page", () => {
  it("sends the sandbox to the local stand-in, and lets only the site's own origin frame it", async () => {
    const response = await call(API.shield.path.detector, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(DETECTOR);

    const detector = await call(DETECTOR);
    expect(detector.status).toBe(200);
    expect(detector.headers.get("content-type")).toContain("text/html");
    expect(await detector.text()).toContain("Sandbox stand-in for the Vox Shield detector");
    expect(detector.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*frame-ancestors 'self'$/);
    expect(detector.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("outside the sandbox says the detector is not available, and the stand-in does not exist", async () => {
    const production = { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "production" };
    const page = await app.request(API.shield.path.detector, { redirect: "manual" }, production);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Vox Shield is not available");
    expect(page.headers.get("location")).toBeNull();
    for (const method of ["GET", "POST"]) {
      const absent = await app.request(DETECTOR, { method }, production);
      expect(absent.status, method).toBe(404);
      expect(await absent.json(), method).toMatchObject({ code: "not_found" });
    }
  });
});

describe("the sandbox Shield detector", () => {
  it("answers the same labelled sandbox verdict for the same bytes, and another for other bytes", async () => {
    const bytes = new Uint8Array(4096).map((_, index) => (index * 7) % 251);
    const first = await upload(bytes);
    expect(first.status).toBe(200);
    const verdict = (await first.json()) as Record<string, unknown>;
    expect(verdict).toMatchObject({ sandbox: true, bytes: 4096, name: "statement.mp3" });
    expect(verdict.note).toMatch(/^Sandbox verdict/);
    expect(["likely_authentic", "inconclusive", "likely_synthetic"]).toContain(verdict.verdict);
    expect(verdict.syntheticLikelihood).toBeGreaterThanOrEqual(0);
    expect(verdict.syntheticLikelihood).toBeLessThanOrEqual(100);
    expect(await (await upload(bytes)).json()).toEqual(verdict);
    const other = (await (await upload(bytes.map((byte) => byte ^ 1))).json()) as Record<string, unknown>;
    expect(other.sha256).not.toBe(verdict.sha256);
  });

  it("shows the verdict as a page to a browser's form", async () => {
    const response = await upload(new Uint8Array([1, 2, 3]), "audio/wav", "text/html,application/xhtml+xml");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/Sandbox verdict: (Likely authentic|Inconclusive|Likely synthetic)/);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
  });

  it("refuses an empty, missing, non-audio or too-large upload with a 4xx error", async () => {
    const empty = await upload(new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "validation_failed", errors: { audio: expect.any(Array) } });

    const missing = await call(DETECTOR, {
      method: "POST",
      body: new FormData(),
      headers: { accept: "application/json" },
    });
    expect(missing.status).toBe(400);

    const text = await upload(new Uint8Array([1]), "text/plain");
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: "unsupported_media_type" });

    const large = await upload(new Uint8Array(SHIELD_MAX_BYTES + 1));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: "payload_too_large", message: expect.stringMatching(/10 MB/) });

    const page = await upload(new Uint8Array(), "audio/mpeg", "text/html");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Choose an audio file to check.");
  });
});
