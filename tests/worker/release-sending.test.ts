import { env, introspectWorkflow } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { planLimits } from "../../worker/billing/contracts/plans.ts";
import type { Contact } from "../../worker/contacts/contracts/contacts.ts";
import { groupThousands } from "../../worker/contracts/numbers.ts";
import { SANDBOX_MAIL_WEBHOOK_SECRET } from "../../worker/core/config.ts";
import { TRACKING_RATE_LIMITS, WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import type { Distribution, SendAnswer } from "../../worker/distribution/contracts/distribution.ts";
import { signMailEvent } from "../../worker/distribution/mail-webhook-signature.ts";
import { embargoTime } from "../../worker/press-releases/contracts/release-options.ts";
import { advanceDays, json, sandboxPost } from "./billing-helpers.ts";
import { type Client, call, freshIp, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { COMPLETE_KIT } from "./press-kit.ts";

/** Sending a release to the media list (worker/distribution): exactly once, tracked, stoppable. */

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  created_at: string;
}

let counter = 0;
/** Addresses no other test uses, since every test file shares the sandbox outbox. */
const fresh = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@news.example`;

/** A press kit complete enough that the release it writes has no gaps; `complete: false` leaves the spokesperson and phone out. */
const kit = (slug: string) => ({ ...COMPLETE_KIT, slug });

/** An account with a newsroom and a finished release on it (under embargo when asked). */
async function sender({ embargoUntil }: { embargoUntil?: string } = {}) {
  const account = await registerAndSignIn();
  const slug = `send-${Date.now().toString(36)}-${++counter}`;
  expect((await account.api.put("/api/organisation", kit(slug))).status).toBe(200);
  const release = await finishedRelease(account.token);
  const published = await account.api.post(
    `/api/press-releases/${release.id}/publish`,
    embargoUntil ? { embargo_until: embargoUntil } : {},
  );
  expect(published.status).toBe(200);
  const { url } = (await published.json()) as { url: string };
  return { ...account, release, slug, url };
}

function importCsv(api: Client, rows: string[]) {
  return call("/api/contacts/import", {
    method: "POST",
    headers: { "content-type": "text/csv", "cf-connecting-ip": api.ip, authorization: `Bearer ${api.token}` },
    body: ["name,email,outlet,beat,consent,tags", ...rows].join("\n"),
  });
}

const send = (api: Client, id: string, body: unknown = {}) => api.post(`/api/press-releases/${id}/send`, body);

async function sent(api: Client, id: string, body: unknown = {}): Promise<SendAnswer> {
  const response = await send(api, id, body);
  expect(response.status).toBe(202);
  return (await response.json()) as SendAnswer;
}

async function distribution(api: Client, id: string): Promise<Distribution> {
  const response = await api.get(`/api/press-releases/${id}/distribution`);
  expect(response.status).toBe(200);
  return (await response.json()) as Distribution;
}

/** Waits until the release's queue is empty: every recipient mailed (or stopped). */
async function settledDistribution(api: Client, id: string): Promise<Distribution> {
  return vi.waitFor(
    async () => {
      const figures = await distribution(api, id);
      expect(figures.recipients.filter((recipient) => recipient.status === "queued")).toEqual([]);
      return figures;
    },
    { timeout: 15_000, interval: 100 },
  );
}

async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await call(`/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The tracked paths an e-mail's text carries. */
function linksIn(message: OutboxMessage) {
  const path = (pattern: RegExp) => new URL(pattern.exec(message.text)?.[0] ?? "http://x/none").pathname;
  return {
    click: path(/https?:\/\/\S+\/t\/c\/[\w-]+/),
    unsubscribe: path(/https?:\/\/\S+\/u\/[\w-]+/),
    open: new URL(/src="([^"]+\/t\/o\/[\w-]+)"/.exec(message.html ?? "")?.[1] ?? "http://x/none").pathname,
  };
}

/** Sends started after this retry a failed batch at once; `await using` it, like `jobsWithoutPauses`. */
async function sendsWithoutPauses() {
  const workflows = await introspectWorkflow(env.SEND_WORKFLOWS);
  await workflows.modifyAll(async (modifier) => {
    await modifier.disableRetryDelays();
  });
  return workflows;
}

afterEach(async () => {
  await call("/__sandbox/clock", { method: "DELETE", headers: json });
});

describe("POST /api/press-releases/:id/send", () => {
  it("mails each subscribed contact exactly one e-mail, HTML and text with tracked links, and a resend skips them", async () => {
    await using _fast = await jobsWithoutPauses();
    const embargo = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const { api, release } = await sender({ embargoUntil: embargo });
    const [adaeze, musa, tolu] = [fresh("adaeze"), fresh("musa"), fresh("tolu")];
    await importCsv(api, [
      `Adaeze Okafor,${adaeze},Punch,Business,yes,`,
      `Musa Bello,${musa},Daily Trust,Politics,yes,`,
      `Tolu Ade,${tolu},TechCabal,Technology,no,`,
    ]);

    expect(await sent(api, release.id)).toEqual({ queued: 2, already_sent: 0 });
    const figures = await settledDistribution(api, release.id);
    expect(figures).toMatchObject({ sent: 2, opened: 0, clicked: 0, unsubscribed: 0, bounced: 0 });
    expect(figures.recipients.map((recipient) => [recipient.email, recipient.outlet, recipient.status]).sort()).toEqual(
      [
        [adaeze, "Punch", "sent"],
        [musa, "Daily Trust", "sent"],
      ],
    );
    expect(await outbox(tolu)).toEqual([]);

    const [message] = await outbox(adaeze);
    expect(await outbox(adaeze)).toHaveLength(1);
    const headline = /^#\s+(.+)$/m.exec(release.text ?? "")?.[1]?.trim();
    expect(message?.subject).toBe(headline);
    // The embargo, written as the product writes it everywhere (`embargoLine`).
    expect(message?.text).toMatch(/^EMBARGOED UNTIL \d{2}:\d{2} WAT, \d{1,2} \w+ \d{4}/);
    expect(message?.html).toMatch(/EMBARGOED UNTIL \d{2}:\d{2} WAT/);
    const links = linksIn(message as OutboxMessage);
    expect(links.click).toMatch(/^\/t\/c\/[\w-]{43}$/);
    expect(links.open).toMatch(/^\/t\/o\/[\w-]{43}$/);
    expect(links.unsubscribe).toMatch(/^\/u\/[\w-]{43}$/);
    expect(message?.html).toContain(`href="http://127.0.0.1:8787${links.unsubscribe}"`);
    expect(message?.headers).toEqual({
      "List-Unsubscribe": `<http://127.0.0.1:8787${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The token is random and names nothing: not the address, not the release.
    const token = links.click.split("/").at(-1) ?? "";
    expect(token).not.toContain(release.id.slice(0, 8));
    expect(links.open.split("/").at(-1)).toBe(token);

    // Sending again reaches nobody who has it; a contact added since gets it, once.
    expect(await sent(api, release.id)).toEqual({ queued: 0, already_sent: 2 });
    const chika = fresh("chika");
    await importCsv(api, [`Chika Obi,${chika},Vanguard,Health,yes,`]);
    expect(await sent(api, release.id)).toEqual({ queued: 1, already_sent: 2 });
    expect((await settledDistribution(api, release.id)).sent).toBe(3);
    expect(await outbox(adaeze)).toHaveLength(1);
    expect(await outbox(musa)).toHaveLength(1);
    expect(await outbox(chika)).toHaveLength(1);
  });

  it("mails each address once when the mail provider fails mid-send and the step runs again", async () => {
    await using _fast = await jobsWithoutPauses();
    await using _retries = await sendsWithoutPauses();
    const { api, release } = await sender();
    const people = [fresh("a"), fresh("b"), fresh("c")];
    await importCsv(
      api,
      people.map((email, i) => `Person ${i},${email},Outlet ${i},Beat,yes,`),
    );
    // The first e-mail goes, the second fails with an outage: the step runs again from the start.
    const fault = await call("/__sandbox/faults/resend-emails", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ count: 1, status: 503, skip: 1 }),
    });
    expect(fault.status).toBe(200);
    expect(await sent(api, release.id)).toMatchObject({ queued: 3 });
    const figures = await vi.waitFor(
      async () => {
        const now = await distribution(api, release.id);
        expect(now.sent).toBe(3);
        return now;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(figures.recipients.every((recipient) => recipient.status === "sent")).toBe(true);
    for (const email of people) expect(await outbox(email), email).toHaveLength(1);
  }, 45_000);

  it("resumes a send whose Workflow gave up, from the scheduled sweep, mailing only whom it had not", async () => {
    await using _fast = await jobsWithoutPauses();
    await using _retries = await sendsWithoutPauses();
    const { api, release } = await sender();
    const people = [fresh("d"), fresh("e"), fresh("f")];
    await importCsv(
      api,
      people.map((email, i) => `Person ${i},${email},Outlet ${i},Beat,yes,`),
    );
    // The provider is down after the first e-mail for longer than the step's retries last.
    const fault = (body: unknown) =>
      call("/__sandbox/faults/resend-emails", { method: "POST", headers: json, body: JSON.stringify(body) });
    expect((await fault({ count: 100, status: 503, skip: 1 })).status).toBe(200);
    await sent(api, release.id);
    // One try and five retries of the step, each failing on the second e-mail, and the Workflow gives up.
    await vi.waitFor(
      async () => {
        const fault = await env.DB.prepare(
          "SELECT remaining FROM sandbox_faults WHERE target = 'resend-emails'",
        ).first<{
          remaining: number;
        }>();
        expect(fault?.remaining).toBeLessThanOrEqual(94);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await distribution(api, release.id)).sent).toBe(1);
    expect((await fault({ count: 0 })).status).toBe(200);

    // Ten minutes without a word from it: the sweep takes it for stalled and starts it again.
    const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await env.DB.prepare(
      "UPDATE release_recipients SET created_at = ?1, sent_at = CASE WHEN sent_at IS NULL THEN NULL ELSE ?1 END WHERE job_id = ?2",
    )
      .bind(longAgo, release.id)
      .run();
    expect((await call("/__sandbox/scheduled", { method: "POST" })).status).toBe(200);
    const figures = await settledDistribution(api, release.id);
    expect(figures.sent).toBe(3);
    for (const email of people) expect(await outbox(email), email).toHaveLength(1);
  }, 45_000);

  it("sends to the contacts of the tags picked, whatever their case", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    const [tech, energy, both] = [fresh("tech"), fresh("energy"), fresh("both")];
    await importCsv(api, [
      `Tech Writer,${tech},TechCabal,Technology,yes,Tech`,
      `Energy Writer,${energy},BusinessDay,Energy,yes,energy`,
      `Both Writer,${both},Guardian,Both,yes,tech;energy`,
    ]);
    const tags = await api.get("/api/contacts/tags");
    expect(((await tags.json()) as { tags: string[] }).tags).toEqual(expect.arrayContaining(["energy"]));
    expect(await sent(api, release.id, { tags: ["TECH"] })).toEqual({ queued: 2, already_sent: 0 });
    await settledDistribution(api, release.id);
    expect(await outbox(tech)).toHaveLength(1);
    expect(await outbox(both)).toHaveLength(1);
    expect(await outbox(energy)).toEqual([]);
    expect(await sent(api, release.id, { tags: ["energy"] })).toEqual({ queued: 1, already_sent: 1 });
  });

  it("refuses what it cannot send with {message, code, errors?}", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    const noContacts = await send(api, release.id);
    expect(noContacts.status).toBe(409);
    expect(await noContacts.json()).toMatchObject({ code: "no_contacts", message: expect.stringMatching(/import/) });

    await importCsv(api, [`Only One,${fresh("one")},Punch,Business,yes,health`]);
    const noneTagged = await send(api, release.id, { tags: ["sport"] });
    expect(noneTagged.status).toBe(409);
    expect(await noneTagged.json()).toMatchObject({ code: "no_contacts", errors: { tags: [expect.any(String)] } });

    for (const body of [{ tags: "tech" }, { tags: [""] }, { subject: "x".repeat(201) }, { bcc: "me@example.ng" }]) {
      const refused = await send(api, release.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "validation_failed", message: expect.any(String) });
    }

    const missing = await send(api, crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });

    // A release that is not on the newsroom has no page for the e-mail to link to.
    const draft = await finishedRelease(api.token ?? "");
    const unpublished = await send(api, draft.id);
    expect(unpublished.status).toBe(409);
    expect(await unpublished.json()).toMatchObject({ code: "not_published" });
    expect((await distribution(api, release.id)).recipients).toEqual([]);
  });

  it("mails no one a release edited to hold a gap after it was published, and says which", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    const edited = `${release.text ?? ""}\n\nFor interviews call [Phone].`;
    expect((await api.patch(`/api/press-releases/${release.id}`, { text: edited })).status).toBe(200);
    const address = fresh("gaps");
    await importCsv(api, [`Adaeze Okafor,${address},Punch,Business,yes,`]);
    const refused = await send(api, release.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "gaps_left",
      message: expect.stringMatching(/^Fill the release's gaps before sending: \[.+\]\.$/),
      errors: { text: expect.arrayContaining(["Fill [Phone]"]) },
    });
    expect((await distribution(api, release.id)).recipients).toEqual([]);
    expect(await outbox(address)).toEqual([]);
  });

  it(`stops at the plan's ${groupThousands(planLimits(null).releaseEmailsMonthly)} release e-mails a month`, async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release, user } = await sender();
    await importCsv(api, [`Late Comer,${fresh("late")},Punch,Business,yes,`]);
    // The month's allowance used up by earlier sends.
    const allowance = planLimits(null).releaseEmailsMonthly;
    await env.DB.prepare("INSERT INTO release_email_usage (user_id, month, emails) VALUES (?, ?, ?)")
      .bind(user.id, new Date().toISOString().slice(0, 7), allowance)
      .run();
    const over = await send(api, release.id);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "send_limit", message: expect.stringMatching(/this month/) });
  });

  it("keeps counting a month's e-mails after the releases that sent them are deleted", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token } = await sender();
    const { mediaListContacts: list, releaseEmailsMonthly: allowance } = planLimits(null);
    const stamp = fresh("list");
    const rows = Array.from({ length: list }, (_, i) => `Reporter ${i},r${i}.${stamp},Punch,Business,yes,`);
    expect((await importCsv(api, rows)).status).toBe(201);
    const publishedRelease = async () => {
      const release = await finishedRelease(token);
      expect((await api.post(`/api/press-releases/${release.id}/publish`, {})).status).toBe(200);
      return release;
    };
    // The whole list, a release at a time, until the month's allowance is spent; each release is
    // deleted once sent, which takes its recipients' rows with it.
    for (let used = 0; used < allowance; used += list) {
      const release = await publishedRelease();
      expect(await sent(api, release.id)).toEqual({ queued: list, already_sent: 0 });
      const deleted = await call(`/api/press-releases/${release.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deleted.status).toBe(200);
    }
    const over = await send(api, (await publishedRelease()).id);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "send_limit" });
  }, 60_000);

  it("mails nothing once the account's plan or trial has ended: 402 payment_required", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release, user } = await sender();
    const address = fresh("ended");
    await importCsv(api, [`After Trial,${address},Punch,Business,yes,`]);
    await env.DB.prepare("UPDATE users SET trial_ends_at = ?, subscription_expires_at = NULL WHERE id = ?")
      .bind(new Date(Date.now() - 60_000).toISOString(), user.id)
      .run();
    const refused = await send(api, release.id);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "payment_required" });
    expect((await distribution(api, release.id)).recipients).toEqual([]);
    expect(await outbox(address)).toEqual([]);
  });

  it(`answers 429 past ${WRITE_RATE_LIMITS.releaseSend.limit} sends an hour`, async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    for (let i = 0; i < WRITE_RATE_LIMITS.releaseSend.limit; i++) {
      expect((await send(api, release.id)).status).toBe(409);
    }
    const limited = await send(api, release.id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("opens, clicks and unsubscribing", () => {
  async function mailedOne({ embargoUntil }: { embargoUntil?: string } = {}) {
    await using _fast = await jobsWithoutPauses();
    const account = await sender({ embargoUntil });
    const email = fresh("reader");
    await importCsv(account.api, [`Reader One,${email},Punch,Business,yes,`]);
    await sent(account.api, account.release.id);
    await settledDistribution(account.api, account.release.id);
    const [message] = await outbox(email);
    return { ...account, email, links: linksIn(message as OutboxMessage) };
  }

  it("counts an open by the pixel and a click through the tracked link once per recipient", async () => {
    const { api, release, links, url } = await mailedOne();
    for (let i = 0; i < 2; i++) {
      const pixel = await call(links.open);
      expect(pixel.status).toBe(200);
      expect(pixel.headers.get("content-type")).toBe("image/gif");
      expect(pixel.headers.get("cache-control")).toBe("no-store");
      expect(new TextDecoder().decode((await pixel.arrayBuffer()).slice(0, 6))).toBe("GIF89a");
    }
    expect(await distribution(api, release.id)).toMatchObject({ sent: 1, opened: 1, clicked: 0 });
    for (let i = 0; i < 2; i++) {
      const click = await call(links.click, { redirect: "manual" });
      expect(click.status).toBe(302);
      expect(click.headers.get("location")).toBe(url);
    }
    const figures = await distribution(api, release.id);
    expect(figures).toMatchObject({ sent: 1, opened: 1, clicked: 1 });
    expect(figures.recipients[0]).toMatchObject({ opened_at: expect.any(String), clicked_at: expect.any(String) });
  });

  it("tells a journalist who follows the link before the embargo when the release will be public, then leads to it", async () => {
    const embargo = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const { links, url } = await mailedOne({ embargoUntil: embargo });
    const early = await call(links.click, { redirect: "manual" });
    expect(early.status).toBe(200);
    expect(early.headers.get("cache-control")).toBe("no-store");
    const text = await early.text();
    expect(text).toContain("<h1>Under embargo</h1>");
    expect(text).toContain(`This release is under embargo until ${embargoTime(embargo)}.`);
    expect(text).toContain(`href="${url}"`);
    expect((await call(new URL(url).pathname)).status).toBe(404);

    try {
      await advanceDays(3);
      expect((await sandboxPost("/scheduled")).status).toBe(200);
      const after = await call(links.click, { redirect: "manual" });
      expect(after.status).toBe(302);
      expect(after.headers.get("location")).toBe(url);
    } finally {
      await call("/__sandbox/clock", { method: "DELETE", headers: json });
    }
  });

  it("answers an unknown token with a harmless pixel or a 404 page, never a 5xx", async () => {
    for (const token of ["A".repeat(43), "short", "%00%27", "x".repeat(500)]) {
      const pixel = await call(`/t/o/${token}`);
      expect(pixel.status, token).toBe(200);
      expect(pixel.headers.get("content-type")).toBe("image/gif");
      for (const path of [`/t/c/${token}`, `/u/${token}`]) {
        const response = await call(path, { redirect: "manual" });
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      }
      const post = await call(`/u/${token}`, { method: "POST" });
      expect(post.status).toBe(404);
    }
  });

  it.each([
    ["GET", "/t/o/", "trackOpen", 200],
    ["GET", "/t/c/", "trackClick", 404],
    ["GET", "/u/", "unsubscribe", 404],
    ["POST", "/u/", "unsubscribe", 404],
  ] as const)(
    "limits %s %s<token> per address: past the bound 429 rate_limited, other addresses go on",
    async (method, prefix, route, usual) => {
      const rule = TRACKING_RATE_LIMITS[route];
      const ip = `198.51.100.${++counter % 250}`;
      const limiter = env.RATE_LIMITER.getByName(`${route}:ip:${ip}`);
      for (let i = 0; i < rule.limit - 1; i++) await limiter.hit(rule.limit, rule.windowSeconds);
      const from = (address: string) =>
        call(`${prefix}${"A".repeat(43)}`, { method, redirect: "manual", headers: { "cf-connecting-ip": address } });
      expect((await from(ip)).status).toBe(usual);
      const over = await from(ip);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await over.json()).toEqual({ code: "rate_limited", message: expect.stringMatching(/^Too many attempts/) });
      expect((await from(freshIp())).status).toBe(usual);
    },
  );

  it("unsubscribes in one click (RFC 8058), from every later send of the account", async () => {
    const { api, release, token, email, links } = await mailedOne();
    const oneClick = await call(links.unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    const figures = await distribution(api, release.id);
    expect(figures).toMatchObject({ sent: 1, unsubscribed: 1 });
    expect(figures.recipients[0]?.status).toBe("unsubscribed");

    // Another release of the account has nobody left to send to.
    const next = await finishedRelease(token);
    expect((await api.post(`/api/press-releases/${next.id}/publish`, {})).status).toBe(200);
    const refused = await send(api, next.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "no_contacts" });
    expect(await outbox(email)).toHaveLength(1);
  });

  it("unsubscribes through the page: GET shows a button, which POSTs; a deleted and reimported contact stays out", async () => {
    const { api, release, token, email, links } = await mailedOne();
    const shown = await call(links.unsubscribe);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain("Ìjọba Water Trust");
    expect(html).not.toContain(email);
    // Looking is not unsubscribing (link scanners open every link).
    expect((await distribution(api, release.id)).unsubscribed).toBe(0);
    expect((await call(links.unsubscribe, { method: "POST" })).status).toBe(200);
    expect((await distribution(api, release.id)).unsubscribed).toBe(1);

    const list = (await (await api.get("/api/contacts")).json()) as { items: { id: string; subscribed: boolean }[] };
    expect(list.items[0]?.subscribed).toBe(false);
    const removed = await call(`/api/contacts/${list.items[0]?.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": api.ip },
    });
    expect(removed.status).toBe(200);
    const again = (await (await importCsv(api, [`Reader One,${email},Punch,Business,yes,`])).json()) as {
      imported: number;
      skipped: { email: string; reason: string }[];
    };
    expect(again.imported).toBe(0);
    expect(again.skipped).toEqual([expect.objectContaining({ email, reason: expect.stringMatching(/unsubscribed/) })]);
    const next = await finishedRelease(token);
    expect((await api.post(`/api/press-releases/${next.id}/publish`, {})).status).toBe(200);
    expect((await send(api, next.id)).status).toBe(409);
  });
});

describe("bounces and complaints", () => {
  it("a signed bounce or complaint stops the address; a bad signature changes nothing", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    const [bouncing, complaining] = [fresh("bounce"), fresh("complain")];
    await importCsv(api, [
      `Bounce Me,${bouncing},Punch,Business,yes,`,
      `Complain Me,${complaining},Guardian,Arts,yes,`,
    ]);
    await sent(api, release.id);
    await settledDistribution(api, release.id);

    // Forged or replayed events are refused.
    const body = JSON.stringify({ type: "email.bounced", data: { email_id: "anything" } });
    const forged = await call("/api/mail/webhook", {
      method: "POST",
      headers: { ...json, ...(await signMailEvent(`whsec_${btoa("not the secret")}`, body)) },
      body,
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: "invalid_signature" });
    const stale = await call("/api/mail/webhook", {
      method: "POST",
      headers: { ...json, ...(await signMailEvent(SANDBOX_MAIL_WEBHOOK_SECRET, body, new Date(Date.now() - 600_000))) },
      body,
    });
    expect(stale.status).toBe(401);
    const unsigned = await call("/api/mail/webhook", { method: "POST", headers: json, body });
    expect(unsigned.status).toBe(401);
    expect((await distribution(api, release.id)).bounced).toBe(0);

    for (const [to, type] of [
      [bouncing, "email.bounced"],
      [complaining, "email.complained"],
    ] as const) {
      const event = await call("/__sandbox/mail/events", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ to, type }),
      });
      expect(event.status).toBe(200);
      expect(await event.json()).toEqual({ received: true, handled: true });
    }
    const figures = await distribution(api, release.id);
    expect(figures).toMatchObject({ sent: 2, bounced: 2 });
    expect(figures.recipients.map((recipient) => recipient.status).sort()).toEqual(["bounced", "complained"]);
    const list = (await (await api.get("/api/contacts")).json()) as { items: Contact[] };
    // The media list says why each is stopped, not "unsubscribed" for all.
    expect(list.items.map(({ email, subscribed, stopped }) => ({ email, subscribed, stopped }))).toEqual(
      expect.arrayContaining([
        { email: bouncing, subscribed: false, stopped: "bounced" },
        { email: complaining, subscribed: false, stopped: "complained" },
      ]),
    );
    expect(list.items).toHaveLength(2);
  });
});

describe("other signed events", () => {
  it("are acknowledged and change nothing, whatever their type is called", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release } = await sender();
    await importCsv(api, [`Still Here,${fresh("still")},Punch,Business,yes,`]);
    await sent(api, release.id);
    await settledDistribution(api, release.id);
    const row = await env.DB.prepare("SELECT provider_id FROM release_recipients WHERE job_id = ?")
      .bind(release.id)
      .first<{ provider_id: string }>();
    for (const type of ["email.delivered", "constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const body = JSON.stringify({ type, data: { email_id: row?.provider_id } });
      const event = await call("/api/mail/webhook", {
        method: "POST",
        headers: { ...json, ...(await signMailEvent(SANDBOX_MAIL_WEBHOOK_SECRET, body)) },
        body,
      });
      expect(event.status, type).toBe(200);
      expect(await event.json(), type).toEqual({ received: true, handled: false });
    }
    expect(await distribution(api, release.id)).toMatchObject({ sent: 1, bounced: 0 });
  });
});

describe("isolation and erasure", () => {
  it("shows one account's sends and figures to no other (404)", async () => {
    await using _fast = await jobsWithoutPauses();
    const { release } = await sender();
    const other = await registerAndSignIn();
    for (const response of [
      await other.api.get(`/api/press-releases/${release.id}/distribution`),
      await send(other.api, release.id),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
    expect((await call(`/api/press-releases/${release.id}/distribution`)).status).toBe(401);
  });

  it("puts sends, recipients and suppressions in the data download, and erases them with the account", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, release, user, input } = await sender();
    const email = fresh("kept");
    await importCsv(api, [`Kept Here,${email},Punch,Business,yes,`]);
    await sent(api, release.id, { subject: "For your desk" });
    await settledDistribution(api, release.id);
    const [message] = await outbox(email);
    await call(linksIn(message as OutboxMessage).unsubscribe, { method: "POST" });

    const data = (await (await api.get("/api/account/export")).json()) as Record<string, unknown[]>;
    expect(data.release_sends).toEqual([
      expect.objectContaining({ job_id: release.id, subject: "For your desk", tags: [] }),
    ]);
    expect(data.release_recipients).toEqual([expect.objectContaining({ email, status: "unsubscribed" })]);
    expect(data.contact_suppressions).toEqual([expect.objectContaining({ email, reason: "unsubscribed" })]);
    expect(JSON.stringify(data.release_recipients)).not.toMatch(/token/);
    expect((data.billing as unknown as Record<string, unknown>).release_emails_by_month).toEqual([
      { month: new Date().toISOString().slice(0, 7), emails: 1 },
    ]);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    for (const table of ["release_sends", "release_recipients", "contact_suppressions", "release_email_usage"]) {
      const left = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
        .bind(user.id)
        .first<{ n: number }>();
      expect(left?.n, table).toBe(0);
    }
  });
});
