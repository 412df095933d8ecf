import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pressReleaseSchema, releaseVersionsSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { embargoLine, type Regeneration } from "../../worker/press-releases/contracts/release-options.ts";
import { OPTIONS_MARKER, pressReleaseMessages } from "../../worker/press-releases/press-release-prompt.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses, settled } from "./jobs.ts";

const request = (token: string, path: string, body?: unknown) =>
  call(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const release = async (token: string, id: string) =>
  pressReleaseSchema.parse(await (await request(token, `/api/press-releases/${id}`)).json());

async function versions(token: string, id: string) {
  const response = await request(token, `/api/press-releases/${id}/versions`);
  expect(response.status).toBe(200);
  return releaseVersionsSchema.parse(await response.json()).items;
}

/** 09:00 in Lagos (UTC+1) on 2 December 2030. */
const EMBARGO = "2030-12-02T08:00:00Z";
const URGENT_SHORT = { tone: "urgent", length: "short", audience: "local_radio", embargo_at: EMBARGO };

async function regenerate(token: string, id: string, options: unknown): Promise<Regeneration> {
  const started = await request(token, `/api/press-releases/${id}/regenerate`, options);
  expect(started.status).toBe(202);
  const { id: regeneration } = (await started.json()) as { id: string };
  expect(started.headers.get("location")).toBe(`/api/press-releases/${id}/regenerations/${regeneration}`);
  return settled<Regeneration>(`/api/press-releases/${id}/regenerations/${regeneration}`, token);
}

describe("writing a release again with options", () => {
  it("puts the options in the writer's instructions, with the embargo as newsrooms read it", () => {
    const kit = {
      name: "Ìjọba Trust",
      boilerplate: "",
      spokespeople: [],
      media_contact: { name: "", email: "", phone: "" },
      dateline_city: "Ibadan",
    };
    const today = new Date("2026-11-27T10:00:00Z");
    const [system] = pressReleaseMessages("We opened a borehole.", kit, today, {
      tone: "warm",
      length: "short",
      audience: "trade_press",
      embargo_at: EMBARGO,
    });
    expect(system?.content).toContain(OPTIONS_MARKER);
    expect(system?.content).toMatch(/^- Tone: warm\. .*warm/m);
    expect(system?.content).toMatch(/^- Length: short\. .*at most 250 words/m);
    expect(system?.content).toMatch(/^- Audience: trade_press\. .*trade and industry/m);
    expect(system?.content).toContain('"**EMBARGOED UNTIL 09:00 WAT, 2 December 2030**"');
    const [plain] = pressReleaseMessages("We opened a borehole.", kit, today);
    expect(plain?.content).not.toContain(OPTIONS_MARKER);
    expect(embargoLine("2026-12-01T23:30:00Z")).toBe("EMBARGOED UNTIL 00:30 WAT, 2 December 2026");
  });

  it("refuses bad options with 400 and each field's error", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const { id } = await finishedRelease(token);
    const bad = await request(token, `/api/press-releases/${id}/regenerate`, {
      tone: "loud",
      audience: "national press",
      embargo_at: "next Tuesday",
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors).sort()).toEqual(["audience", "embargo_at", "length", "tone"]);
    const past = await request(token, `/api/press-releases/${id}/regenerate`, {
      ...URGENT_SHORT,
      embargo_at: "2020-01-01T09:00:00+01:00",
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ errors: { embargo_at: ["The embargo must be in the future"] } });
    expect(await versions(token, id)).toHaveLength(1);
  });

  it("writes the release again from the kept transcript as a new version that follows the options", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const first = await finishedRelease(token);
    const original = first.text ?? "";
    // Without the recording: the kept transcript is all it is written from.
    const row = await env.DB.prepare("SELECT r2_key FROM jobs WHERE id = ?").bind(first.id).first<{ r2_key: string }>();
    await env.AUDIO.delete(row?.r2_key ?? "");

    expect(await regenerate(token, first.id, URGENT_SHORT)).toMatchObject({ status: "completed" });
    const text = (await release(token, first.id)).text ?? "";
    expect(text.split("\n")[0]).toBe("**EMBARGOED UNTIL 09:00 WAT, 2 December 2030**");
    expect(text).toMatch(/^# URGENT: /m);
    expect(text).toContain("With immediate effect");
    expect(text).toMatch(/For listeners in Lagos/);
    expect(original).not.toContain("EMBARGOED");

    const kept = await versions(token, first.id);
    expect(kept.map((version) => [version.number, version.text])).toEqual([
      [2, text],
      [1, original],
    ]);

    expect(
      await regenerate(token, first.id, { tone: "warm", length: "standard", audience: "trade_press" }),
    ).toMatchObject({ status: "completed" });
    const warm = (await release(token, first.id)).text ?? "";
    expect(warm).toContain("is delighted to share");
    expect(warm).toContain("For the sector");
    expect(warm).not.toContain("EMBARGOED");
    expect((await versions(token, first.id)).map((version) => version.number)).toEqual([3, 2, 1]);

    await regenerate(token, first.id, { ...URGENT_SHORT, length: "standard" });
    const standard = (await release(token, first.id)).text ?? "";
    expect(standard).toContain("With immediate effect");
    expect(text.length).toBeLessThan(standard.length);
  });

  it("is 404 for another account, and 409 for a release not written yet", async () => {
    const { token } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const { id, headlines = [] } = await finishedRelease(token);
    const started = await request(token, `/api/press-releases/${id}/regenerate`, URGENT_SHORT);
    const { id: regeneration } = (await started.json()) as { id: string };
    expect((await request(other.token, `/api/press-releases/${id}/regenerate`, URGENT_SHORT)).status).toBe(404);
    expect((await request(other.token, `/api/press-releases/${id}/regenerations/${regeneration}`)).status).toBe(404);
    expect((await request(other.token, `/api/press-releases/${id}/headline`, { headline: headlines[0] })).status).toBe(
      404,
    );
    await settled(`/api/press-releases/${id}/regenerations/${regeneration}`, token);

    await env.DB.prepare("UPDATE jobs SET status = 'processing' WHERE id = ?").bind(id).run();
    const early = await request(token, `/api/press-releases/${id}/regenerate`, URGENT_SHORT);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "not_ready" });
  });
});

describe("alternative headlines", () => {
  it("come with every written release, and picking one makes it the headline as a new version", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const first = await finishedRelease(token);
    const original = first.text ?? "";
    const headline = /^# (.+)$/m.exec(original)?.[1] ?? "";
    expect(first.headlines).toHaveLength(3);
    expect(new Set([headline, ...(first.headlines ?? [])]).size).toBe(4);
    expect(original).not.toContain("Alternative headlines");

    const picked = first.headlines?.[1] ?? "";
    const answer = await request(token, `/api/press-releases/${first.id}/headline`, { headline: picked });
    expect(answer.status).toBe(200);
    const { text, headlines } = (await answer.json()) as { text: string; headlines: string[] };
    expect(text).toBe(original.replace(`# ${headline}`, `# ${picked}`));
    expect(headlines).toEqual([first.headlines?.[0], headline, first.headlines?.[2]]);
    expect(await release(token, first.id)).toMatchObject({ text, headlines });
    const kept = await versions(token, first.id);
    expect(kept.map((version) => [version.number, version.text, version.headlines])).toEqual([
      [2, text, headlines],
      [1, original, first.headlines],
    ]);

    const unknown = await request(token, `/api/press-releases/${first.id}/headline`, { headline: "Made up" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "validation_failed", errors: { headline: expect.any(Array) } });
  });

  it("are written again with a regenerated release", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const first = await finishedRelease(token);
    await regenerate(token, first.id, URGENT_SHORT);
    const again = await release(token, first.id);
    expect(again.headlines).toHaveLength(3);
    expect(again.text).not.toContain("Alternative headlines");
    const [newest] = await versions(token, first.id);
    expect(newest?.headlines).toEqual(again.headlines);
  });
});
