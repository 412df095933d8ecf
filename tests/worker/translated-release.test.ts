import { strFromU8, unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  type PressRelease,
  pressReleaseSchema,
  RELEASE_MAX_CHARACTERS,
  RELEASE_VERSIONS_KEPT,
  releaseVersionsSchema,
} from "../../worker/press-releases/contracts/press-releases.ts";
import { releaseFileName } from "../../worker/press-releases/contracts/release-markdown.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses, settled } from "./jobs.ts";
import { pdfText } from "./pdf-text.ts";

const request = (token: string, path: string, init: RequestInit = {}) =>
  call(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });

const saveTranslation = (token: string, id: string, text: unknown) =>
  request(token, `/api/press-releases/${id}/translation`, { method: "PATCH", body: JSON.stringify({ text }) });

async function translatedVersions(token: string, id: string, query = "") {
  const response = await request(token, `/api/press-releases/${id}/translation/versions${query}`);
  expect(response.status).toBe(200);
  return releaseVersionsSchema.parse(await response.json());
}

const release = async (token: string, id: string) =>
  pressReleaseSchema.parse(await (await request(token, `/api/press-releases/${id}`)).json());

/** A Yorùbá release, with an English one beside it, written from a recording in Yorùbá. */
async function yorubaRelease(token: string): Promise<PressRelease & { translation: { text: string } }> {
  const form = new FormData();
  form.set("file", new Blob([speechWav(30)], { type: "audio/wav" }), "briefing.wav");
  form.set("language", "yo");
  form.set("also_in_language", "true");
  const started = await call("/api/press-releases", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const done = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token));
  expect(done).toMatchObject({ status: "completed", language: "yo", translation: { language: "yo" } });
  return done as PressRelease & { translation: { text: string } };
}

// Tone marks on dotted letters (ẹ́, ọ̀) are combining marks after a precomposed letter: the hard case.
const EDITED = [
  "# Ìjọba ṣí kànga mẹ́wàá ní Ìbàdàn",
  "",
  "**ÌBÀDÀN, Nàìjíríà** — Àjọ náà ṣí kànga *méjìlá* fún àwọn ará ìlú.",
  "",
  "Ọ̀rọ̀ ní Hausa: ƙasa, ɗaki, ɓera, Ƙano; ní Igbo: ụlọ ọ̀rụ́, ṅ, ị.",
  "",
  "###",
  "",
].join("\n");

describe("editing a release's copy in the recording's language", () => {
  it("saves an edit as a version of that copy, once for the same text, restores, and leaves the English text alone", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const made = await yorubaRelease(token);
    const written = made.translation.text;
    expect((await translatedVersions(token, made.id)).items).toMatchObject([{ number: 1, text: written }]);

    const first = await saveTranslation(token, made.id, EDITED);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ text: EDITED, saved: true });
    expect(await (await saveTranslation(token, made.id, EDITED)).json()).toEqual({ text: EDITED, saved: false });
    expect((await translatedVersions(token, made.id)).items.map((v) => [v.number, v.text])).toEqual([
      [2, EDITED],
      [1, written],
    ]);
    const after = await release(token, made.id);
    expect(after.translation).toEqual({ language: "yo", text: EDITED });
    expect(after.text).toBe(made.text);
    // The English release has versions of its own, untouched by the copy's.
    const english = await request(token, `/api/press-releases/${made.id}/versions`);
    expect(releaseVersionsSchema.parse(await english.json()).items).toMatchObject([{ number: 1, text: made.text }]);

    expect((await saveTranslation(token, made.id, written)).status).toBe(200);
    expect((await translatedVersions(token, made.id)).items.map((v) => v.number)).toEqual([3, 2, 1]);
    expect((await release(token, made.id)).translation?.text).toBe(written);

    // The account's data export carries the copy's versions beside the English ones.
    const exported = (await (await request(token, "/api/account/export")).json()) as {
      jobs: { id: string; press_release: { translated_versions: { text: string }[] } }[];
    };
    const job = exported.jobs.find((item) => item.id === made.id);
    expect(job?.press_release.translated_versions.map((v) => v.text)).toEqual([written, EDITED, written]);
  });

  it("keeps the copy's written text and its newest versions, as the English release does", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const made = await yorubaRelease(token);
    for (let n = 2; n <= RELEASE_VERSIONS_KEPT + 3; n++) {
      expect((await saveTranslation(token, made.id, `# Ẹ̀dà ${n}\n`)).status).toBe(200);
    }
    const numbers: number[] = [];
    let before = "";
    for (;;) {
      const page = await translatedVersions(token, made.id, `?limit=50${before}`);
      numbers.push(...page.items.map((v) => v.number));
      if (page.next_before === null) break;
      before = `&before=${page.next_before}`;
    }
    const newest = RELEASE_VERSIONS_KEPT + 3;
    expect(numbers).toEqual([...Array.from({ length: RELEASE_VERSIONS_KEPT }, (_, i) => newest - i), 1]);
  });

  it("downloads the edited copy as DOCX and PDF with its marks, named with its language", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const made = await yorubaRelease(token);
    expect((await saveTranslation(token, made.id, EDITED)).status).toBe(200);
    const download = async (format: string) => {
      const response = await request(token, `/api/press-releases/${made.id}/translation/export?format=${format}`);
      expect(response.status).toBe(200);
      const name = releaseFileName(EDITED, made.created_at, format, "yo");
      expect(name).toMatch(new RegExp(`^ijoba-si-kanga-mewaa-ni-ibadan-yo-\\d{4}-\\d\\d-\\d\\d\\.${format}$`));
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
      return new Uint8Array(await response.arrayBuffer());
    };

    const document = strFromU8(unzipSync(await download("docx"))["word/document.xml"] ?? new Uint8Array());
    const docxText = [...document.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]).join("");
    expect(docxText).toContain("Ìjọba ṣí kànga mẹ́wàá ní Ìbàdàn");
    expect(docxText).toContain("Ọ̀rọ̀ ní Hausa: ƙasa, ɗaki, ɓera, Ƙano; ní Igbo: ụlọ ọ̀rụ́, ṅ, ị.");

    const pdf = await download("pdf");
    const lines = (await pdfText(pdf))
      .join("\n")
      .split("\n")
      .map((line) => line.trim());
    expect(lines).toContain("Ìjọba ṣí kànga mẹ́wàá ní Ìbàdàn");
    expect(lines.join(" ")).toContain("ÌBÀDÀN, Nàìjíríà — Àjọ náà ṣí kànga méjìlá fún àwọn ará ìlú.");
    expect(lines.join(" ")).toContain("Ọ̀rọ̀ ní Hausa: ƙasa, ɗaki, ɓera, Ƙano; ní Igbo: ụlọ ọ̀rụ́, ṅ, ị.");
    expect((await PDFDocument.load(pdf)).getTitle()).toBe("Ìjọba ṣí kànga mẹ́wàá ní Ìbàdàn");
  });

  it("refuses bad input with 4xx JSON, and is 404 for another account's release or a release with no copy", async () => {
    const { token } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const made = await yorubaRelease(token);
    const englishOnly = await finishedRelease(token);

    const empty = await saveTranslation(token, made.id, " \n");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: "validation_failed",
      errors: { text: ["A release cannot be empty"] },
    });
    const long = await saveTranslation(token, made.id, "ẹ".repeat(RELEASE_MAX_CHARACTERS + 1));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: "validation_failed", errors: { text: [expect.any(String)] } });
    expect((await saveTranslation(token, made.id, 12)).status).toBe(400);
    const format = await request(token, `/api/press-releases/${made.id}/translation/export?format=exe`);
    expect(format.status).toBe(400);
    expect(await format.json()).toMatchObject({ code: "validation_failed", errors: { format: [expect.any(String)] } });
    const limit = await request(token, `/api/press-releases/${made.id}/translation/versions?limit=0`);
    expect(limit.status).toBe(400);
    expect(await limit.json()).toMatchObject({ code: "validation_failed", errors: { limit: [expect.any(String)] } });

    for (const response of [
      await saveTranslation(other.token, made.id, EDITED),
      await request(other.token, `/api/press-releases/${made.id}/translation/versions`),
      await request(other.token, `/api/press-releases/${made.id}/translation/export?format=pdf`),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
    const none = await saveTranslation(token, englishOnly.id, EDITED);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: "no_translation" });
    expect((await request(token, `/api/press-releases/${englishOnly.id}/translation/export?format=pdf`)).status).toBe(
      404,
    );
    expect((await call(`/api/press-releases/${made.id}/translation/versions`)).status).toBe(401);
    expect((await release(token, made.id)).translation?.text).toBe(made.translation.text);
  });
});
