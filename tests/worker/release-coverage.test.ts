import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COVERAGE_PER_RELEASE, type CoverageList } from "../../worker/press-releases/contracts/coverage.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";

const request = (token: string, path: string, init: RequestInit = {}) =>
  call(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });

const log = (token: string, id: string, item: Record<string, unknown>) =>
  request(token, `/api/press-releases/${id}/coverage`, { method: "POST", body: JSON.stringify(item) });

async function coverage(token: string, id: string): Promise<CoverageList> {
  const response = await request(token, `/api/press-releases/${id}/coverage`);
  expect(response.status).toBe(200);
  return (await response.json()) as CoverageList;
}

const PUNCH = { url: "https://punchng.example/borehole-launch", outlet: "Punch", published_at: "2026-11-20" };

describe("a press release's coverage log", () => {
  it("logs where the release ran, newest day first, once per address, and removes an item", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    expect((await coverage(token, release.id)).items).toEqual([]);

    const punch = await log(token, release.id, { ...PUNCH, outlet: "  Punch " });
    expect(punch.status).toBe(201);
    expect(await punch.json()).toMatchObject(PUNCH);
    const radio = await log(token, release.id, {
      url: "https://wazobiafm.example/news/borehole",
      outlet: "Wazobia FM",
      published_at: "2026-11-22",
    });
    expect(radio.status).toBe(201);
    expect((await coverage(token, release.id)).items.map((item) => item.outlet)).toEqual(["Wazobia FM", "Punch"]);

    const again = await log(token, release.id, { ...PUNCH, url: ` ${PUNCH.url} ` });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "coverage_exists", errors: { url: [expect.any(String)] } });

    const { id } = (await coverage(token, release.id)).items[1] ?? { id: "" };
    const removed = await request(token, `/api/press-releases/${release.id}/coverage/${id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await coverage(token, release.id)).items.map((item) => item.outlet)).toEqual(["Wazobia FM"]);
    const gone = await request(token, `/api/press-releases/${release.id}/coverage/${id}`, { method: "DELETE" });
    expect(gone.status).toBe(404);
  });

  it("refuses what is not coverage with the field's reason, and saves nothing", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const tomorrowPlusOne = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PUNCH, url: "javascript:alert(1)" }, "url"],
      [{ ...PUNCH, url: "punchng.example/story" }, "url"],
      [{ ...PUNCH, outlet: "" }, "outlet"],
      [{ ...PUNCH, published_at: "2026-02-30" }, "published_at"],
      [{ ...PUNCH, published_at: "20/11/2026" }, "published_at"],
      [{ ...PUNCH, published_at: tomorrowPlusOne }, "published_at"],
      [{ url: PUNCH.url }, "outlet"],
    ];
    for (const [item, field] of cases) {
      const response = await log(token, release.id, item);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe("validation_failed");
      expect(Object.keys(body.errors)).toContain(field);
    }
    expect((await coverage(token, release.id)).items).toEqual([]);
  });

  it(`keeps at most ${COVERAGE_PER_RELEASE} items a release`, async () => {
    const { token, user } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       INSERT INTO release_coverage (id, job_id, user_id, url, outlet, published_at, created_at)
       SELECT lower(hex(randomblob(16))), ?1, ?2, 'https://example.ng/' || i, 'Outlet', '2026-11-01', '2026-11-01' FROM n`,
    )
      .bind(release.id, user.id, COVERAGE_PER_RELEASE)
      .run();
    const refused = await log(token, release.id, PUNCH);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "coverage_full" });
  });

  it("is the owner's alone: another account gets 404 and cannot add or remove; it goes with the account", async () => {
    const { token, user, input, api } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    expect((await log(token, release.id, PUNCH)).status).toBe(201);
    const [item] = (await coverage(token, release.id)).items;

    expect((await request(other.token, `/api/press-releases/${release.id}/coverage`)).status).toBe(404);
    expect((await log(other.token, release.id, { ...PUNCH, url: "https://x.example/a" })).status).toBe(404);
    const removal = await request(other.token, `/api/press-releases/${release.id}/coverage/${item?.id}`, {
      method: "DELETE",
    });
    expect(removal.status).toBe(404);
    expect((await coverage(token, release.id)).items).toHaveLength(1);

    const exported = (await (await api.get("/api/account/export")).json()) as { release_coverage: unknown[] };
    expect(exported.release_coverage).toEqual([expect.objectContaining({ job_id: release.id, ...PUNCH })]);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM release_coverage WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
