import { env, introspectWorkflowInstance } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { advanceDays, json, sandboxPost } from "./billing-helpers.ts";
import { type Client, call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { COMPLETE_KIT } from "./press-kit.ts";

/** The public newsroom (worker/newsroom): addresses, publishing, embargoes, takedown, erasure. */

const kit = COMPLETE_KIT;

let slugCounter = 0;
const freshSlug = () => `ijoba-${Date.now().toString(36)}-${++slugCounter}`;

async function withNewsroom(slug = freshSlug()) {
  const account = await registerAndSignIn();
  const saved = await account.api.put("/api/organisation", { ...kit, slug });
  expect(saved.status).toBe(200);
  return { ...account, slug };
}

interface PublishAnswer {
  url: string;
  status: "published" | "scheduled";
  publish_at: string;
}

async function publish(api: Client, id: string, body: unknown = {}) {
  return api.post(`/api/press-releases/${id}/publish`, body);
}

function takeDown(api: Client, id: string) {
  return call(`/api/press-releases/${id}/publish`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${api.token}`, "cf-connecting-ip": api.ip },
  });
}

/** A public page as a reader's browser gets it: path only, no session. */
async function page(url: string) {
  const response = await call(new URL(url, "http://x").pathname);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

const headlineOf = (text: string) => /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? "";

afterEach(async () => {
  await call("/__sandbox/clock", { method: "DELETE", headers: json });
});

describe("PUT /api/organisation: the newsroom's address", () => {
  it("takes a slug of 3–40 of a-z, 0-9 and hyphens, keeps it when a later PUT leaves it out, and shows it", async () => {
    const { api } = await registerAndSignIn();
    for (const slug of ["ab", "has space", "UNDER_score", "x".repeat(41), "dots.are.out"]) {
      const refused = await api.put("/api/organisation", { ...kit, slug });
      expect(refused.status, slug).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.slug).toBeDefined();
    }
    expect((await api.get("/api/organisation").then((r) => r.json())) as { slug: null }).toMatchObject({ slug: null });

    const slug = freshSlug();
    expect((await api.put("/api/organisation", { ...kit, slug: `  ${slug.toUpperCase()} ` })).status).toBe(200);
    expect(await (await api.get("/api/organisation")).json()).toEqual({ ...kit, slug });
    expect((await api.put("/api/organisation", kit)).status).toBe(200);
    expect(await (await api.get("/api/organisation")).json()).toMatchObject({ slug });
  });

  it("answers 409 slug_taken as JSON when another account has the address", async () => {
    const { slug } = await withNewsroom();
    const other = await registerAndSignIn();
    const taken = await other.api.put("/api/organisation", { ...kit, slug });
    expect(taken.status).toBe(409);
    const body = (await taken.json()) as { message: string; code: string; errors: Record<string, string[]> };
    expect(body).toMatchObject({ code: "slug_taken", message: expect.stringMatching(/taken/) });
    expect(body.errors.slug).toHaveLength(1);
    expect(await (await other.api.get("/api/organisation")).json()).toMatchObject({ slug: null });
  });
});

describe("POST /api/press-releases/:id/publish", () => {
  it("refuses until the account has a newsroom address, and refuses bad or past embargoes", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token } = await registerAndSignIn();
    const release = await finishedRelease(token);
    const refused = await publish(api, release.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "no_newsroom" });

    expect((await api.put("/api/organisation", { ...kit, slug: freshSlug() })).status).toBe(200);
    for (const embargo_until of ["tomorrow", "2020-01-01T09:00:00Z", new Date(Date.now() - 60_000).toISOString()]) {
      const bad = await publish(api, release.id, { embargo_until });
      expect(bad.status, embargo_until).toBe(400);
      expect(await bad.json()).toMatchObject({
        code: "validation_failed",
        errors: { embargo_until: expect.any(Array) },
      });
    }
    // Written before the press kit, the release still has gaps: no public page shows "[Phone]".
    const gappy = await publish(api, release.id);
    expect(gappy.status).toBe(409);
    expect(await gappy.json()).toMatchObject({
      code: "gaps_left",
      message: expect.stringMatching(/^Fill the release's gaps before publishing: \[.+\]\.$/),
      errors: { text: expect.arrayContaining(["Fill [Phone]"]) },
    });
    expect((await api.get(`/api/press-releases/${release.id}/publish`)).status).toBe(200);
    expect(await (await api.get(`/api/press-releases/${release.id}/publish`)).json()).toMatchObject({
      status: "draft",
    });
  });

  it("publishes now: the release is on the newsroom, at its own address with share tags, and in the feed", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const answer = await publish(api, release.id);
    expect(answer.status).toBe(200);
    const published = (await answer.json()) as PublishAnswer;
    expect(published.status).toBe("published");
    expect(published.url).toMatch(new RegExp(`/newsroom/${slug}/[a-z0-9-]+$`));
    expect(Date.parse(published.publish_at)).toBeLessThanOrEqual(Date.now());

    const headline = headlineOf(release.text ?? "");
    const newsroom = await page(`/newsroom/${slug}`);
    expect(newsroom.status).toBe(200);
    expect(newsroom.type).toMatch(/^text\/html/);
    expect(newsroom.text).toMatch(/^<!DOCTYPE html>/);
    expect(newsroom.text).toContain(new URL(published.url).pathname);
    expect(newsroom.text).toContain("Ìjọba Water Trust runs boreholes across Oyo State.");

    const own = await page(published.url);
    expect(own.status).toBe(200);
    expect(own.text).toContain(
      `<meta property="og:title" content="${headline.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`,
    );
    expect(own.text).toContain('<meta name="twitter:card" content="summary"');
    expect(own.text).toContain(`https://wa.me/?text=`);
    expect(own.text).toContain("press@ijoba.example.ng");
    expect(own.text).toContain("<style>");
    expect(own.text).not.toContain("<script");

    const feed = await page(`/newsroom/${slug}/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^application\/rss\+xml/);
    expect(feed.text).toContain(`<link>${published.url}</link>`);

    // Served again from the edge cache.
    expect((await call(`/newsroom/${slug}`)).headers.get("x-vox-cache")).toBe("hit");
  });

  it("gives two releases with one headline, published at the same moment, an address each", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const releases = [await finishedRelease(token), await finishedRelease(token)];
    expect(headlineOf(releases[0]?.text ?? "")).toBe(headlineOf(releases[1]?.text ?? ""));
    const answers = await Promise.all(releases.map((release) => publish(api, release.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const urls = await Promise.all(answers.map(async (answer) => ((await answer.json()) as PublishAnswer).url));
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`/newsroom/${slug}/[a-z0-9-]+$`));
      expect((await page(url)).status).toBe(200);
    }
  });

  it("keeps an embargoed release off every page until the billing clock passes it and the scheduled work runs", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const embargo = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const answer = await publish(api, release.id, { embargo_until: embargo });
    expect(answer.status).toBe(200);
    const scheduled = (await answer.json()) as PublishAnswer;
    expect(scheduled).toMatchObject({ status: "scheduled", publish_at: embargo });
    expect(await (await api.get(`/api/press-releases/${release.id}/publish`)).json()).toEqual(scheduled);

    const path = new URL(scheduled.url).pathname;
    expect((await page(`/newsroom/${slug}`)).text).not.toContain(path);
    expect((await page(scheduled.url)).status).toBe(404);
    expect((await page(`/newsroom/${slug}/rss.xml`)).text).not.toContain(path);

    // A day on, still under embargo, however often the scheduled work runs.
    await advanceDays(1);
    expect((await sandboxPost("/scheduled")).status).toBe(200);
    expect((await page(`/newsroom/${slug}`)).text).not.toContain(path);
    expect((await page(scheduled.url)).status).toBe(404);

    await advanceDays(2);
    expect((await sandboxPost("/scheduled")).status).toBe(200);
    expect((await page(`/newsroom/${slug}`)).text).toContain(path);
    expect((await page(scheduled.url)).status).toBe(200);
    expect(await (await api.get(`/api/press-releases/${release.id}/publish`)).json()).toMatchObject({
      status: "published",
    });
  });

  it("is published by its Workflow once its time has come by the billing clock", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const embargo = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await (await publish(api, release.id, { embargo_until: embargo })).json()) as PublishAnswer;
    await advanceDays(1);

    // The Workflow as publishing starts it, its sleep cut short: it finds the time has come.
    const id = `newsroom-test-${release.id}`;
    await using instance = await introspectWorkflowInstance(env.PUBLISH_WORKFLOWS, id);
    await instance.modify(async (modifier) => {
      await modifier.disableSleeps();
    });
    await env.PUBLISH_WORKFLOWS.create({ id, params: { jobId: release.id, publishAt: embargo } });
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toBe(true);
    expect((await page(`/newsroom/${slug}`)).text).toContain(new URL(scheduled.url).pathname);
  });

  it("takes a release down: off the newsroom, its address 404, and a second takedown 404", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const published = (await (await publish(api, release.id)).json()) as PublishAnswer;
    expect((await page(published.url)).status).toBe(200);
    expect((await page(`/newsroom/${slug}`)).text).toContain(new URL(published.url).pathname);

    expect((await takeDown(api, release.id)).status).toBe(200);
    expect((await page(published.url)).status).toBe(404);
    expect((await page(`/newsroom/${slug}`)).text).not.toContain(new URL(published.url).pathname);
    const again = await takeDown(api, release.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "not_published" });
  });

  it("takes a deleted release off the newsroom at once, cached pages included", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const published = (await (await publish(api, release.id)).json()) as PublishAnswer;
    expect((await page(published.url)).status).toBe(200);
    expect((await page(`/newsroom/${slug}`)).text).toContain(new URL(published.url).pathname);
    const deleted = await call(`/api/press-releases/${release.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": api.ip },
    });
    expect(deleted.status).toBe(200);
    expect((await page(published.url)).status).toBe(404);
    expect((await page(`/newsroom/${slug}`)).text).not.toContain(new URL(published.url).pathname);
  });

  it("shows an edit on the release's page at once", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token } = await withNewsroom();
    const release = await finishedRelease(token);
    const published = (await (await publish(api, release.id)).json()) as PublishAnswer;
    expect((await page(published.url)).text).not.toContain("Boreholes open in Iseyin");
    const edited = `# Boreholes open in Iseyin\n\n${release.text ?? ""}`;
    expect((await api.patch(`/api/press-releases/${release.id}`, { text: edited })).status).toBe(200);
    expect((await page(published.url)).text).toContain("Boreholes open in Iseyin");
  });

  it("lets no other account publish, take down or see a release, and shows no draft", async () => {
    await using _fast = await jobsWithoutPauses();
    const mine = await withNewsroom();
    const draft = await finishedRelease(mine.token);
    const other = await withNewsroom();
    for (const response of [
      await publish(other.api, draft.id),
      await other.api.get(`/api/press-releases/${draft.id}/publish`),
      await takeDown(other.api, draft.id),
      await publish(mine.api, crypto.randomUUID()),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
    expect(await (await mine.api.get(`/api/press-releases/${draft.id}/publish`)).json()).toEqual({
      url: null,
      status: "draft",
      publish_at: null,
    });
    const newsroom = await page(`/newsroom/${mine.slug}`);
    expect(newsroom.status).toBe(200);
    expect(newsroom.text).toContain("No press releases yet.");
    expect((await page(`/newsroom/${other.slug}`)).text).toContain("No press releases yet.");
  });

  it("counts publishing and taking down, 60 an hour per user, then 429", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token } = await withNewsroom();
    const release = await finishedRelease(token);
    // Choosing the address was the first of the 60.
    for (let n = 1; n < 60; n++) expect((await publish(api, release.id)).status).toBe(200);
    const refused = await publish(api, release.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await takeDown(api, release.id)).status).toBe(429);
  });

  it("answers a 404 page for an address no account has", async () => {
    const missing = await page(`/newsroom/${freshSlug()}`);
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^text\/html/);
    expect(missing.text).toContain("Not found");
    expect((await page("/newsroom/NOT%20A%20SLUG/x")).status).toBe(404);
  });
});

describe("the newsroom and the account", () => {
  it("is in the data download: the address and each publication", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug } = await withNewsroom();
    const release = await finishedRelease(token);
    const published = (await (await publish(api, release.id)).json()) as PublishAnswer;
    const data = JSON.parse(await (await api.get("/api/account/export")).text());
    expect(data.organisation.slug).toBe(slug);
    expect(data.newsroom_releases).toEqual([
      expect.objectContaining({
        job_id: release.id,
        slug: new URL(published.url).pathname.split("/").at(-1),
        publish_at: published.publish_at,
      }),
    ]);
  });

  it("leaves nothing of the newsroom behind when the account is deleted, cached pages included", async () => {
    await using _fast = await jobsWithoutPauses();
    const { api, token, slug, input } = await withNewsroom();
    const release = await finishedRelease(token);
    const published = (await (await publish(api, release.id)).json()) as PublishAnswer;
    // Both pages are in the edge cache now.
    expect((await page(`/newsroom/${slug}`)).status).toBe(200);
    expect((await page(published.url)).status).toBe(200);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect((await page(`/newsroom/${slug}`)).status).toBe(404);
    expect((await page(published.url)).status).toBe(404);
    expect((await page(`/newsroom/${slug}/rss.xml`)).status).toBe(404);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM newsroom_releases WHERE job_id = ?")
      .bind(release.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    // The address is free again.
    const next = await registerAndSignIn();
    expect((await next.api.put("/api/organisation", { ...kit, slug })).status).toBe(200);
  });
});
