import { describe, expect, it } from "vitest";
import { call } from "./helpers.ts";

describe("GET /api/health", () => {
  it("reports the sandbox and every binding reachable", async () => {
    const response = await call("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      sandbox: true,
      bindings: { db: true, audio: true, rateLimiter: true },
    });
  });
});

describe("unknown API paths", () => {
  it("answer 404 in the shared error shape", async () => {
    const response = await call("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: "No route for GET /api/does-not-exist",
      code: "not_found",
    });
  });
});
