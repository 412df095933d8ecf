import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../worker/core/config.ts";
import * as resend from "../../worker/providers/contracts/resend-domains.ts";
import { advanceDays, json, sandboxPost } from "./billing-helpers.ts";
import { call } from "./helpers.ts";

/**
 * The sandbox mail provider's Domains API (worker/sandbox/mail-domains.ts): Resend's documented
 * answers, its refusals, and no sending from a domain it has not verified.
 */

const MAIL = "/__sandbox/mail";
const KEY = { authorization: "Bearer sandbox-mail-key" };
const MAIL_FROM = loadConfig(env).mailFrom;

let counter = 0;
/** A domain no other test uses: every test file shares the sandbox provider. */
const freshDomain = () => `emu-${Date.now().toString(36)}${++counter}.example.ng`;
const freshAddress = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@desk.example`;

const provider = {
  create: (body: unknown, headers: Record<string, string> = KEY) =>
    call(`${MAIL}/domains`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) }),
  get: (id: string) => call(`${MAIL}/domains/${id}`, { headers: KEY }),
  verify: (id: string) => call(`${MAIL}/domains/${id}/verify`, { method: "POST", headers: KEY }),
  remove: (id: string) => call(`${MAIL}/domains/${id}`, { method: "DELETE", headers: KEY }),
  publishDns: (name: string) => sandboxPost(`/mail/domains/${name}/dns`, { published: true }),
  send: (from: string, to: string) =>
    call(`${MAIL}/emails`, {
      method: "POST",
      headers: { ...json, ...KEY },
      body: JSON.stringify({ from, to, subject: "Hello", text: "Hi" }),
    }),
};

afterEach(async () => {
  await call("/__sandbox/clock", { method: "DELETE", headers: json });
});

describe("the sandbox mail provider's domains", () => {
  it("creates a domain with Resend's documented fields and the SPF and DKIM records to publish", async () => {
    const name = freshDomain();
    const response = await provider.create({ name });
    expect(response.status).toBe(201);
    const created = resend.createdDomain.parse(await response.json());
    expect(created).toMatchObject({ name, status: "not_started", region: "us-east-1" });
    expect(created.records.map(({ record, type, name: host }) => [record, type, host])).toEqual([
      ["SPF", "MX", "send"],
      ["SPF", "TXT", "send"],
      ["DKIM", "TXT", "resend._domainkey"],
    ]);
    expect(created.records.every((record) => record.status === "not_started")).toBe(true);
    const read = resend.domainAnswer.parse(await (await provider.get(created.id)).json());
    expect(read).toMatchObject({ object: "domain", id: created.id, name, status: "not_started" });
  });

  it("refuses what Resend refuses: no name, a name that is no domain, one added already, a wrong or missing key", async () => {
    const name = freshDomain();
    const refusals = [
      [await provider.create({}), 422, "missing_required_field"],
      [await provider.create({ name: "not a domain" }), 422, "validation_error"],
      [await provider.create({ name, region: "mars-1" }), 422, "invalid_region"],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      expect(resend.errorBody.parse(await response.json()).name).toBe(code);
    }
    expect((await provider.create({ name })).status).toBe(201);
    const twice = await provider.create({ name });
    expect(twice.status).toBe(403);
    expect(resend.errorBody.parse(await twice.json())).toMatchObject({ name: "validation_error" });
    expect((await provider.create({ name: freshDomain() }, { authorization: "Bearer re_wrong" })).status).toBe(403);
    expect((await provider.create({ name: freshDomain() }, {})).status).toBe(401);
  });

  it("answers 404 not_found for an id it does not know, whatever is asked of it", async () => {
    for (const response of [
      await provider.get("d91cd9bd-0000-0000-0000-000000000000"),
      await provider.verify("d91cd9bd-0000-0000-0000-000000000000"),
      await provider.remove("d91cd9bd-0000-0000-0000-000000000000"),
    ]) {
      expect(response.status).toBe(404);
      expect(resend.errorBody.parse(await response.json())).toMatchObject({ name: "not_found" });
    }
  });

  it("verifies a domain only once its records are published, then sends from it; Vox's own domain always sends", async () => {
    const name = freshDomain();
    const { id } = resend.createdDomain.parse(await (await provider.create({ name })).json());
    const to = freshAddress("ada");

    const early = await provider.send(`Newsroom <newsroom@${name}>`, to);
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({
      statusCode: 403,
      name: "validation_error",
      message: `The ${name} domain is not verified. Please, add and verify your domain.`,
    });
    expect(resend.verifyAnswer.parse(await (await provider.verify(id)).json())).toEqual({ object: "domain", id });
    expect(resend.domainAnswer.parse(await (await provider.get(id)).json()).status).toBe("pending");

    expect((await provider.publishDns(name)).status).toBe(200);
    await provider.verify(id);
    const verified = resend.domainAnswer.parse(await (await provider.get(id)).json());
    expect(verified.status).toBe("verified");
    expect(verified.records.every((record) => record.status === "verified")).toBe(true);
    expect((await provider.send(`Newsroom <newsroom@${name}>`, to)).status).toBe(200);
    expect((await provider.send(MAIL_FROM, to)).status).toBe(200);

    expect(resend.deleteAnswer.parse(await (await provider.remove(id)).json())).toEqual({
      object: "domain",
      id,
      deleted: true,
    });
    expect((await provider.send(`newsroom@${name}`, to)).status).toBe(403);
  });

  it("fails a domain whose records were not found within 72 hours, as Resend does", async () => {
    const name = freshDomain();
    const { id } = resend.createdDomain.parse(await (await provider.create({ name })).json());
    await provider.verify(id);
    await advanceDays(3);
    const read = resend.domainAnswer.parse(await (await provider.get(id)).json());
    expect(read.status).toBe("failed");
    expect(read.records.every((record) => record.status === "failed")).toBe(true);
  });
});
