import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../worker/core/config.ts";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import type { Distribution } from "../../worker/distribution/contracts/distribution.ts";
import type { SendingDomainResponse } from "../../worker/organisation/contracts/sending-domain.ts";
import { sandboxPost } from "./billing-helpers.ts";
import { type Client, call, failNext, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { COMPLETE_KIT } from "./press-kit.ts";

/**
 * An organisation's own sending domain: `/api/organisation/sending-domain`, release e-mails from
 * the domain once it is verified, and the domain in the data download and erasure.
 */

const PATH = "/api/organisation/sending-domain";
const MAIL = "/__sandbox/mail";
const KEY = { authorization: "Bearer sandbox-mail-key" };
const MAIL_FROM = loadConfig(env).mailFrom;

let counter = 0;
/** A domain no other test uses: every test file shares the sandbox provider. */
const freshDomain = (label = "news") => `${label}-${Date.now().toString(36)}${++counter}.example.ng`;
const freshAddress = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@desk.example`;

/** The sandbox mail provider, as a test reads and sets it. */
const provider = {
  get: (id: string) => call(`${MAIL}/domains/${id}`, { headers: KEY }),
  publishDns: (name: string, published = true) => sandboxPost(`/mail/domains/${name}/dns`, { published }),
};

const remove = (api: Client) =>
  call(PATH, { method: "DELETE", headers: { authorization: `Bearer ${api.token}`, "cf-connecting-ip": api.ip } });

async function domainOf(api: Client): Promise<SendingDomainResponse> {
  const response = await api.get(PATH);
  expect(response.status).toBe(200);
  return (await response.json()) as SendingDomainResponse;
}

/** An account with its kit saved and `domain` added; `verified` publishes its records and checks again. */
async function withDomain(domain: string, { verified = false } = {}) {
  const account = await registerAndSignIn();
  expect((await account.api.put("/api/organisation", COMPLETE_KIT)).status).toBe(200);
  const added = await account.api.put(PATH, { domain });
  expect(added.status).toBe(201);
  if (verified) {
    expect((await provider.publishDns(domain)).status).toBe(200);
    expect((await account.api.post(`${PATH}/verify`, {})).status).toBe(200);
  }
  return { ...account, added: (await added.json()) as SendingDomainResponse };
}

describe("/api/organisation/sending-domain", () => {
  it("answers no domain, and Vox's sender, until one is added", async () => {
    const { api } = await registerAndSignIn();
    expect(await domainOf(api)).toEqual({
      domain: null,
      local_part: "newsroom",
      status: null,
      records: [],
      from: MAIL_FROM,
      checked_at: null,
    });
    expect((await call(PATH)).status).toBe(401);
  });

  it("refuses what is not a bare domain of the organisation's own, on the domain field", async () => {
    const { api } = await registerAndSignIn();
    for (const domain of [
      "https://acme.example.ng",
      "acme.example.ng/news",
      "press@acme.example.ng",
      "acme",
      "vox.ng",
      "mail.vox.ng",
      "acme.example.ng:25",
      "",
    ]) {
      const response = await api.put(PATH, { domain });
      expect(response.status, domain).toBe(400);
      const body = (await response.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe("validation_failed");
      expect(body.errors.domain?.length, domain).toBeGreaterThan(0);
    }
    const badPart = await api.put(PATH, { domain: freshDomain(), local_part: "news room" });
    expect(badPart.status).toBe(400);
    expect(((await badPart.json()) as { errors: Record<string, string[]> }).errors.local_part).toBeDefined();
  });

  it("adds the domain at the provider and answers the records to publish, lowercased, still from Vox", async () => {
    const domain = freshDomain("press");
    const { api, added } = await withDomain(`  ${domain.toUpperCase()}. `);
    expect(added).toMatchObject({ domain, local_part: "newsroom", status: "not_started", from: MAIL_FROM });
    expect(added.records.map((record) => [record.type, record.name])).toEqual([
      ["MX", "send"],
      ["TXT", "send"],
      ["TXT", "resend._domainkey"],
    ]);
    expect(added.records[0]?.priority).toBe(10);
    expect(await domainOf(api)).toEqual(added);
    // The same domain again is no change.
    expect((await api.put(PATH, { domain })).status).toBe(200);
  });

  it("gives a domain to one organisation: another is refused 409, and one organisation has one domain", async () => {
    const domain = freshDomain();
    const { api } = await withDomain(domain);
    const other = await registerAndSignIn();
    const taken = await other.api.put(PATH, { domain });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      code: "sending_domain_taken",
      errors: { domain: [expect.any(String)] },
    });
    const second = await api.put(PATH, { domain: freshDomain() });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "sending_domain_set", errors: { domain: [expect.any(String)] } });
  });

  it("checks again: pending until the records are published, then verified and sending from the organisation", async () => {
    const domain = freshDomain();
    const { api } = await withDomain(domain);
    const pending = await api.post(`${PATH}/verify`, {});
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({ status: "pending", from: MAIL_FROM });

    await provider.publishDns(domain);
    const verified = (await (await api.post(`${PATH}/verify`, {})).json()) as SendingDomainResponse;
    expect(verified.status).toBe("verified");
    expect(verified.records.every((record) => record.status === "verified")).toBe(true);
    expect(verified.from).toBe(`"${COMPLETE_KIT.name}" <newsroom@${domain}>`);

    const renamed = await api.put(PATH, { domain, local_part: "Press.Office" });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as SendingDomainResponse).from).toBe(
      `"${COMPLETE_KIT.name}" <press.office@${domain}>`,
    );
  });

  it("removes the domain at the provider and here", async () => {
    const domain = freshDomain();
    const { api } = await withDomain(domain);
    const [row] = (
      await env.DB.prepare("SELECT provider_id FROM sending_domains WHERE domain = ?")
        .bind(domain)
        .all<{ provider_id: string }>()
    ).results;
    const removed = await remove(api);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ domain: null, from: MAIL_FROM });
    expect((await provider.get(row?.provider_id ?? "")).status).toBe(404);
    expect((await remove(api)).status).toBe(404);
    // Free for another organisation now.
    expect((await (await registerAndSignIn()).api.put(PATH, { domain })).status).toBe(201);
  });

  it("answers 502 when the mail provider is down, and keeps nothing", async () => {
    const { api } = await registerAndSignIn();
    await failNext("resend-domains", 503);
    const response = await api.put(PATH, { domain: freshDomain() });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "mail_provider_unavailable" });
    expect((await domainOf(api)).domain).toBeNull();
  });

  it(`bounds the writes that call the provider: ${WRITE_RATE_LIMITS.sendingDomain.limit} an hour`, async () => {
    const { api } = await withDomain(freshDomain());
    for (let i = 1; i < WRITE_RATE_LIMITS.sendingDomain.limit; i++) {
      expect((await api.post(`${PATH}/verify`, {})).status).toBe(200);
    }
    const refused = await api.post(`${PATH}/verify`, {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});

interface OutboxMessage {
  from: string;
  reply_to: string | null;
  to: string;
  subject: string;
}

async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await call(`${MAIL}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Publishes a release of `api`'s, imports `contacts`, sends it and waits until every e-mail is settled. */
async function sendRelease(api: Client, token: string, contacts: string[]): Promise<Distribution> {
  expect(
    (await api.put("/api/organisation", { ...COMPLETE_KIT, slug: `dom-${Date.now().toString(36)}${++counter}` }))
      .status,
  ).toBe(200);
  const release = await finishedRelease(token);
  expect((await api.post(`/api/press-releases/${release.id}/publish`, {})).status).toBe(200);
  const imported = await call("/api/contacts/import", {
    method: "POST",
    headers: { "content-type": "text/csv", "cf-connecting-ip": api.ip, authorization: `Bearer ${token}` },
    body: ["name,email,outlet,beat,consent", ...contacts.map((email) => `Reporter,${email},Punch,Business,yes`)].join(
      "\n",
    ),
  });
  expect(imported.ok).toBe(true);
  expect((await api.post(`/api/press-releases/${release.id}/send`, {})).status).toBe(202);
  return vi.waitFor(
    async () => {
      const figures = (await (await api.get(`/api/press-releases/${release.id}/distribution`)).json()) as Distribution;
      expect(figures.recipients.filter((recipient) => recipient.status === "queued")).toEqual([]);
      return figures;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe("release e-mails and the sending domain", () => {
  it("go from the organisation's verified domain, replies to its media contact", async () => {
    await using _fast = await jobsWithoutPauses();
    const domain = freshDomain();
    const { api, token } = await withDomain(domain, { verified: true });
    const to = freshAddress("bola");
    const figures = await sendRelease(api, token, [to]);
    expect(figures.sent).toBe(1);
    const [message] = await outbox(to);
    expect(message?.from).toBe(`"${COMPLETE_KIT.name}" <newsroom@${domain}>`);
    expect(message?.reply_to).toBe(COMPLETE_KIT.media_contact.email);
  });

  it("go from Vox's address while the domain is not verified", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token } = await withDomain(freshDomain());
    const to = freshAddress("chidi");
    await sendRelease(api, token, [to]);
    const [message] = await outbox(to);
    expect(message?.from).toBe(MAIL_FROM);
    expect(message?.reply_to).toBe(COMPLETE_KIT.media_contact.email);
  });

  it("reach every journalist from Vox's address when the provider unverified the domain since, and the domain shows it", async () => {
    await using _fast = await jobsWithoutPauses();
    const domain = freshDomain();
    const { api, token } = await withDomain(domain, { verified: true });
    // The records were taken down after the last check: our row still says verified.
    await provider.publishDns(domain, false);
    const [first, second] = [freshAddress("dayo"), freshAddress("eze")];
    const figures = await sendRelease(api, token, [first, second]);
    expect(figures.sent).toBe(2);
    for (const to of [first, second]) expect((await outbox(to))[0]?.from).toBe(MAIL_FROM);
    expect((await domainOf(api)).status).toBe("failed");
  });
});

describe("the sending domain, the data download and erasure", () => {
  it("is in the data download and goes from the provider with the account", async () => {
    const domain = freshDomain();
    const { api, input } = await withDomain(domain);
    const exported = (await (await api.get("/api/account/export")).json()) as {
      sending_domain: { domain: string; provider_id: string; records: unknown[] } | null;
    };
    expect(exported.sending_domain).toMatchObject({ domain, status: "not_started", local_part: "newsroom" });
    expect(exported.sending_domain?.records).toHaveLength(3);
    const providerId = exported.sending_domain?.provider_id ?? "";

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect((await provider.get(providerId)).status).toBe(404);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM sending_domains WHERE domain = ?")
      .bind(domain)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("keeps the account when the provider cannot remove the domain, so a retry finishes", async () => {
    const domain = freshDomain();
    const { api, input } = await withDomain(domain);
    await failNext("resend-domains", 503);
    const refused = await api.post("/auth/delete-account", { password: input.password });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: "deletion_incomplete" });
    expect((await domainOf(api)).domain).toBe(domain);
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
  });
});
