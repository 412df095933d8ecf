import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { call } from "./helpers.ts";

describe("security headers on the Worker's answers", () => {
  it("JSON answers, errors included, refuse sniffing, framing and every external load", async () => {
    for (const path of ["/api/health", "/api/nowhere", "/api/plans"]) {
      const response = await call(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), path).toMatch(
        /^default-src 'none';.*frame-ancestors 'none'/,
      );
      expect(response.headers.get("permissions-policy"), path).toContain("microphone=(self)");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("HSTS only in production, and even a misconfiguration answer carries the headers", async () => {
    const production = await app.request(
      "/api/health",
      {},
      { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "production" },
    );
    expect(production.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const refused = await app.request("/api/health", {}, { ...env, ENVIRONMENT: "production", SANDBOX: "1" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("CORS", () => {
  const preflight = (origin: string, siteUrl: string) =>
    app.request(
      "/auth/signin",
      {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      },
      { ...env, SITE_URL: siteUrl },
    );

  it("answers only the configured site origin, without credentials and never with a wildcard", async () => {
    const allowed = await preflight("https://site.vox.ng", "https://site.vox.ng");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://site.vox.ng");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect(allowed.headers.get("access-control-allow-headers")).toContain("authorization");
    for (const [origin, siteUrl] of [
      ["https://evil.example", "https://site.vox.ng"],
      ["https://site.vox.ng.evil.example", "https://site.vox.ng"],
      ["https://site.vox.ng", ""],
    ] as const) {
      const refused = await preflight(origin, siteUrl);
      expect(refused.headers.get("access-control-allow-origin"), `${origin} with SITE_URL=${siteUrl}`).toBeNull();
    }
    const simple = await app.request(
      "/api/plans",
      { headers: { origin: "https://site.vox.ng" } },
      { ...env, SITE_URL: "https://site.vox.ng" },
    );
    expect(simple.headers.get("access-control-allow-origin")).toBe("https://site.vox.ng");
    expect(simple.headers.get("access-control-expose-headers")).toContain("retry-after");
  });
});
