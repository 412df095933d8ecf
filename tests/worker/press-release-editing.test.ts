import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { pressReleaseSchema, releaseVersionsSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { pdfContent, pdfText } from "./pdf-text.ts";

const request = (token: string, path: string, init: RequestInit = {}) =>
  call(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });

const patch = (token: string, id: string, text: string) =>
  request(token, `/api/press-releases/${id}`, { method: "PATCH", body: JSON.stringify({ text }) });

async function versions(token: string, id: string) {
  const response = await request(token, `/api/press-releases/${id}/versions`);
  expect(response.status).toBe(200);
  return releaseVersionsSchema.parse(await response.json()).items;
}

const currentText = async (token: string, id: string) =>
  pressReleaseSchema.parse(await (await request(token, `/api/press-releases/${id}`)).json()).text;

const EDITED =
  "# Ìjọba Trust opens 12 boreholes\n\n**IBADAN, Nigeria** — The trust opened *twelve* boreholes.\n\n###\n";

describe("editing a press release", () => {
  it("saves an edit as a new version, once for the same text, and restores an older one", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const generated = release.text ?? "";
    expect(await versions(token, release.id)).toMatchObject([{ number: 1, text: generated }]);

    const first = await patch(token, release.id, EDITED);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ text: EDITED, saved: true });
    expect(await (await patch(token, release.id, EDITED)).json()).toEqual({ text: EDITED, saved: false });
    const afterEdit = await versions(token, release.id);
    expect(afterEdit.map((v) => [v.number, v.text])).toEqual([
      [2, EDITED],
      [1, generated],
    ]);
    expect((afterEdit[0]?.created_at ?? "") >= (afterEdit[1]?.created_at ?? "")).toBe(true);
    expect(await currentText(token, release.id)).toBe(EDITED);

    expect((await patch(token, release.id, generated)).status).toBe(200);
    expect((await versions(token, release.id)).map((v) => v.number)).toEqual([3, 2, 1]);
    expect(await currentText(token, release.id)).toBe(generated);
  });

  it("refuses an empty text, and is 404 for another account's release", async () => {
    const { token } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const empty = await patch(token, release.id, "  \n");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: "validation_failed",
      errors: { text: ["A release cannot be empty"] },
    });
    expect((await patch(other.token, release.id, EDITED)).status).toBe(404);
    expect((await request(other.token, `/api/press-releases/${release.id}/versions`)).status).toBe(404);
    expect((await request(other.token, `/api/press-releases/${release.id}/export?format=md`)).status).toBe(404);
    expect((await call(`/api/press-releases/${release.id}/versions`)).status).toBe(401);
    expect(await currentText(token, release.id)).toBe(release.text);
  });
});

describe("the bounds of a release's versions", () => {
  const page = async (token: string, id: string, query: string) => {
    const response = await request(token, `/api/press-releases/${id}/versions${query}`);
    expect(response.status).toBe(200);
    return releaseVersionsSchema.parse(await response.json());
  };
  const numbers = (items: readonly { number: number }[]) => items.map((version) => version.number);

  it("keeps the generated text and the newest 50 versions: 60 edits leave 51", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    for (let edit = 1; edit <= 60; edit++) {
      expect((await patch(token, release.id, `${EDITED}\nEdit ${edit}.\n`)).status).toBe(200);
    }
    const { count } = (await env.DB.prepare("SELECT COUNT(*) AS count FROM press_release_versions WHERE job_id = ?")
      .bind(release.id)
      .first<{ count: number }>()) ?? { count: 0 };
    expect(count).toBe(51);
    const first = await page(token, release.id, "?limit=50");
    expect(numbers(first.items)).toEqual(Array.from({ length: 50 }, (_, index) => 61 - index));
    expect(first.items[0]?.text).toBe(`${EDITED}\nEdit 60.\n`);
    expect(first.next_before).toBe(12);
    const rest = await page(token, release.id, "?limit=50&before=12");
    expect(rest.items.map((version) => [version.number, version.text])).toEqual([[1, release.text]]);
    expect(rest.next_before).toBeNull();
  });

  it("answers the versions a page at a time (20 by default, at most 50), newest first", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    for (let edit = 1; edit <= 22; edit++) {
      expect((await patch(token, release.id, `${EDITED}\nEdit ${edit}.\n`)).status).toBe(200);
    }
    const byDefault = await page(token, release.id, "");
    expect(numbers(byDefault.items)).toEqual(Array.from({ length: 20 }, (_, index) => 23 - index));
    expect(byDefault.next_before).toBe(4);
    expect(numbers((await page(token, release.id, "?before=4")).items)).toEqual([3, 2, 1]);
    const two = await page(token, release.id, "?limit=2&before=10");
    expect(numbers(two.items)).toEqual([9, 8]);
    expect(two.next_before).toBe(8);
    for (const query of ["?limit=0", "?limit=51", "?limit=ten", "?before=0", "?before=x"]) {
      const refused = await request(token, `/api/press-releases/${release.id}/versions${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "validation_failed" });
    }
  });

  it("refuses a text over 20,000 characters with 400 JSON, counting characters rather than UTF-16 units", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const tooLong = await patch(token, release.id, `# Headline\n\n${"a".repeat(20_000)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      code: "validation_failed",
      errors: { text: ["A release has at most 20000 characters"] },
    });
    // 20,000 characters outside the Basic Multilingual Plane are 40,000 UTF-16 units.
    expect((await patch(token, release.id, "🎙".repeat(20_000))).status).toBe(200);
    expect(await currentText(token, release.id)).toBe("🎙".repeat(20_000));
  });

  it("limits edits to 600 an hour per user, then 429 with Retry-After", async () => {
    const { token, user } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const theirs = await finishedRelease(other.token);
    const limiter = env.RATE_LIMITER.getByName(`releaseEdit:user:${user.id}`);
    const { limit, windowSeconds } = WRITE_RATE_LIMITS.releaseEdit;
    for (let i = 0; i < limit; i++) await limiter.hit(limit, windowSeconds);
    const refused = await patch(token, release.id, EDITED);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect(await currentText(token, release.id)).toBe(release.text);
    expect((await patch(other.token, theirs.id, EDITED)).status).toBe(200);
  });
});

describe("GET /api/press-releases/:id/export", () => {
  /** The press kit whose letterhead the documents carry. */
  const kit = {
    name: "Ìjọba Water Trust",
    boilerplate: "",
    spokespeople: [],
    media_contact: { name: "Bisi Akande", email: "press@ijoba.example.ng", phone: "+234 803 123 4567" },
    dateline_city: "Ibadan",
  };
  const LETTERHEAD = "Ibadan Media contact: Bisi Akande · press@ijoba.example.ng · +234 803 123 4567";

  async function exported(format: string) {
    const { token, api } = await registerAndSignIn();
    expect((await api.put("/api/organisation", kit)).status).toBe(200);
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    expect((await patch(token, release.id, EDITED)).status).toBe(200);
    const response = await request(token, `/api/press-releases/${release.id}/export?format=${format}`);
    const date = release.created_at.slice(0, 10);
    return { response, date };
  }

  it("gives Markdown and plain text under a name made of the headline and date", async () => {
    const md = await exported("md");
    expect(md.response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.response.headers.get("content-disposition")).toBe(
      `attachment; filename="ijoba-trust-opens-12-boreholes-${md.date}.md"`,
    );
    expect(await md.response.text()).toBe(EDITED);
    const txt = await exported("txt");
    expect(txt.response.headers.get("content-disposition")).toContain(`-${txt.date}.txt"`);
    expect(await txt.response.text()).toBe(
      "Ìjọba Trust opens 12 boreholes\n\nIBADAN, Nigeria — The trust opened twelve boreholes.\n\n###\n",
    );
  });

  it("gives a DOCX whose document has the headline as a heading and the bold dateline", async () => {
    const { response, date } = await exported("docx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="ijoba-trust-opens-12-boreholes-${date}.docx"`,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const xml = strFromU8(files["word/document.xml"] ?? new Uint8Array());
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*?<w:t[^>]*>Ìjọba Trust opens 12 boreholes<\/w:t>/s);
    expect(xml).toMatch(/<w:b\/>.*?<w:t[^>]*>IBADAN, Nigeria<\/w:t>/s);
    expect(xml).toMatch(/<w:i\/>.*?<w:t[^>]*>twelve<\/w:t>/s);
    // The press kit's letterhead, above the release.
    const paragraphs = [...xml.matchAll(/<w:p>.*?<\/w:p>/gs)].map(([p]) => p.replace(/<[^>]+>/g, ""));
    expect(paragraphs.slice(0, 3).join(" ")).toBe(`Ìjọba Water Trust ${LETTERHEAD}`);
    expect(files["[Content_Types].xml"]).toBeDefined();
  });

  it("gives a PDF with the headline in it", async () => {
    const { response, date } = await exported("pdf");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`-${date}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { PDFDocument } = await import("pdf-lib");
    const pdf = await PDFDocument.load(bytes);
    // The embedded fonts draw ọ with its dot below; the standard ones (WinAnsi) dropped it.
    expect(pdf.getTitle()).toBe("Ìjọba Trust opens 12 boreholes");
    expect(pdf.getPageCount()).toBe(1);
    // The press kit's letterhead, above the release, both read back with ọ's dot.
    const { text } = await pdfContent(bytes);
    expect(text).toMatch(
      new RegExp(`^Ìjọba Water Trust ${LETTERHEAD.replace(/[+.]/g, "\\$&")} Ìjọba Trust opens 12 boreholes`),
    );
    expect((await pdfText(bytes))[0]?.split("\n")).toContain("Ìjọba Trust opens 12 boreholes");
  });

  it("refuses an unknown format with 400", async () => {
    const { response } = await exported("rtf");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed", errors: { format: expect.any(Array) } });
  });
});
