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
    const production = { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "production" };
    const response = await app.request("/__sandbox/mail/messages?to=a@b.ng", {}, production);
    expect(response.status).toBe(404);
    const health = await app.request("/api/health", {}, production);
    expect(await health.json()).toMatchObject({ ok: true, sandbox: false });
  });
});

describe("a Worker deployed with PASSWORD_HASH_COST=test and ENVIRONMENT=production", () => {
  it("refuses every request, health and sign-up included, rather than store weak hashes", async () => {
    const productionWithTestCost = { ...env, ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "test" };
    const register = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ada",
        email: "ada@example.ng",
        phone_number: "08031234567",
        password: "long enough pass",
      }),
    };
    for (const [path, init] of [
      ["/api/health", {}],
      ["/auth/register", register],
    ] as const) {
      const response = await app.request(path, init, productionWithTestCost);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({
        message: "The service is misconfigured and refuses to run.",
        code: "misconfigured",
      });
    }
  });
});
