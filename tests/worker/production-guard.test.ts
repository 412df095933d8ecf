import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";

describe("a Worker deployed with SANDBOX=1 and ENVIRONMENT=production", () => {
  it("refuses every request, health included, and never serves the sandbox", async () => {
    const productionWithSandbox = { ...env, ENVIRONMENT: "production", SANDBOX: "1" };
    for (const path of ["/api/health", "/__sandbox", "/__sandbox/mail/messages?to=a@b.ng"]) {
      const response = await app.request(path, {}, productionWithSandbox);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: "The service is misconfigured and refuses to run.",
        code: "misconfigured",
      });
    }
  });

  it("with SANDBOX=0 in production the sandbox does not exist", async () => {
    const production = { ...env, ENVIRONMENT: "production", SANDBOX: "0" };
    const response = await app.request("/__sandbox/mail/messages?to=a@b.ng", {}, production);
    expect(response.status).toBe(404);
    const health = await app.request("/api/health", {}, production);
    expect(await health.json()).toMatchObject({ ok: true, sandbox: false });
  });
});
