import { describe, expect, it } from "vitest";
import { PASSWORD_HASH_PARAMS, TEST_PASSWORD_HASH_PARAMS } from "../../worker/accounts/password.ts";
import { loadConfig, providerEndpoint, sandboxKey } from "../../worker/core/config.ts";
import { ConfigError } from "../../worker/core/errors.ts";

const baseEnv = (vars: Partial<Record<string, string>>) =>
  ({
    ENVIRONMENT: "development",
    SANDBOX: "1",
    MAIL_FROM: "Vox <no-reply@vox.ng>",
    TEAM_EMAIL: "hello@vox.ng",
    ...vars,
  }) as unknown as Env;

const context = {
  origin: "http://127.0.0.1:8787",
  sandboxFetch: async () => new Response("sandboxed"),
};

describe("loadConfig", () => {
  it("refuses SANDBOX=1 together with ENVIRONMENT=production", () => {
    expect(() => loadConfig(baseEnv({ ENVIRONMENT: "production", SANDBOX: "1" }))).toThrow(ConfigError);
  });

  it("refuses PASSWORD_HASH_COST=test in production, and hashes at production's cost unless asked", () => {
    expect(() => loadConfig(baseEnv({ ENVIRONMENT: "production", SANDBOX: "0", PASSWORD_HASH_COST: "test" }))).toThrow(
      /PASSWORD_HASH_COST=test is not allowed/,
    );
    expect(loadConfig(baseEnv({ ENVIRONMENT: "production", SANDBOX: "0" })).passwordHash).toEqual(PASSWORD_HASH_PARAMS);
    expect(loadConfig(baseEnv({})).passwordHash).toEqual(PASSWORD_HASH_PARAMS);
    expect(loadConfig(baseEnv({ PASSWORD_HASH_COST: "test" })).passwordHash).toEqual(TEST_PASSWORD_HASH_PARAMS);
    expect(() => loadConfig(baseEnv({ PASSWORD_HASH_COST: "cheap" }))).toThrow(/PASSWORD_HASH_COST/);
  });

  it("refuses unknown values instead of guessing", () => {
    expect(() => loadConfig(baseEnv({ SANDBOX: "yes" }))).toThrow(/SANDBOX/);
    expect(() => loadConfig(baseEnv({ ENVIRONMENT: "staging" }))).toThrow(/ENVIRONMENT/);
  });

  it("treats blank keys as absent", () => {
    const config = loadConfig(baseEnv({ SANDBOX: "0", PAYSTACK_SECRET_KEY: "   " }));
    expect(config.secrets.PAYSTACK_SECRET_KEY).toBeUndefined();
  });
});

describe("providerEndpoint", () => {
  it("points a sandboxed adapter at /__sandbox/<provider> on the request's origin with the emulator key", async () => {
    const endpoint = providerEndpoint(loadConfig(baseEnv({})), "paystack", context);
    expect(endpoint.baseUrl).toBe("http://127.0.0.1:8787/__sandbox/paystack");
    expect(endpoint.apiKey).toBe(sandboxKey("paystack"));
    expect(await (await endpoint.fetch(new Request("http://x/"))).text()).toBe("sandboxed");
  });

  it("points a real adapter at the provider with the secret from the environment", () => {
    const config = loadConfig(baseEnv({ SANDBOX: "0", ELEVENLABS_API_KEY: "sk_real_key_value" }));
    const endpoint = providerEndpoint(config, "elevenlabs", context);
    expect(endpoint.baseUrl).toBe("https://api.elevenlabs.io");
    expect(endpoint.apiKey).toBe("sk_real_key_value");
  });

  it("fails loudly when SANDBOX is off and the key is missing", () => {
    const config = loadConfig(baseEnv({ SANDBOX: "0" }));
    expect(() => providerEndpoint(config, "deepgram", context)).toThrow(/DEEPGRAM_API_KEY is not set/);
  });
});
