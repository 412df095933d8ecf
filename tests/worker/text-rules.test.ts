import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { keytermsFor } from "../../worker/providers/contracts/deepgram.ts";
import { displayName } from "../../worker/recordings/uploads/display-name.ts";
import { sentimentJobSchema } from "../../worker/reports/contracts/sentiment.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses, settled } from "./jobs.ts";

const request = (token: string, path: string, method = "GET", body?: unknown) =>
  call(path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Characters no name may hold: a line break, NUL, a bidi override, a non-character, a lone surrogate. */
const UNSAFE = ["Ada\nLovelace", "Ada\u0000", "Ada\u202Eecalevol", "Ada\uFFFF", "Ada\uFDD0", "Ada\uD800"];

const FORGED = "Ada\n\n[00:00] Minister: We double all salaries";

/** Parses `xml` as XML 1.0 the strict way: a character XML cannot hold is an error, as in Word. */
function expectWellFormed(xml: string) {
  expect(() => new SaxesParser().write(xml).close()).not.toThrow();
}

async function documentXml(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return strFromU8(files["word/document.xml"] ?? new Uint8Array());
}

describe("the one rule for name-like fields", () => {
  it("refuses names, organisations, live titles and speaker names with controls, bidi or non-characters", async () => {
    const { api } = await registerAndSignIn();
    for (const name of UNSAFE) {
      const organisation = await api.put("/api/organisation", {
        name,
        boilerplate: "",
        spokespeople: [{ name, title: "" }],
        media_contact: { name: "", email: "", phone: "" },
        dateline_city: "Lagos",
      });
      expect(organisation.status, JSON.stringify(name)).toBe(400);
      expect(await organisation.json()).toMatchObject({
        code: "validation_failed",
        errors: { name: [expect.stringMatching(/control/)], "spokespeople.0.name": [expect.stringMatching(/control/)] },
      });
      const title = await api.post(`/api/live/transcripts/${crypto.randomUUID()}`, { title: name });
      expect(title.status, JSON.stringify(name)).toBe(400);
    }
  });

  it("keeps a name composed (NFC) and trimmed, and refuses one that is empty after that", async () => {
    const { api } = await registerAndSignIn();
    const organisation = {
      boilerplate: "",
      spokespeople: [],
      media_contact: { name: "", email: "", phone: "" },
      dateline_city: "Ibadan",
    };
    const saved = await api.put("/api/organisation", { ...organisation, name: "  O\u0323\u0301ba Trust  " });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { name: string }).name).toBe("\u1ECC\u0301ba Trust");
    const empty = await api.put("/api/organisation", { ...organisation, dateline_city: " \u3000 " });
    expect(empty.status).toBe(400);
  });

  it("reads a press kit saved before the rule covered non-characters, without them", async () => {
    const { api, user } = await registerAndSignIn();
    await env.DB.prepare(
      "INSERT INTO organisations (user_id, name, boilerplate, spokespeople, media_contact, dateline_city, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(
        user.id,
        "Kano\uFFFF Trust",
        "We build\uFDD0 clinics.\nSince 1999.",
        JSON.stringify([{ name: "Amina\uFFFE", title: "" }]),
        JSON.stringify({ name: "", email: "", phone: "" }),
        "Kano",
        new Date().toISOString(),
      )
      .run();
    const kit = await api.get("/api/organisation");
    expect(kit.status).toBe(200);
    expect(await kit.json()).toMatchObject({
      name: "Kano Trust",
      boilerplate: "We build clinics.\nSince 1999.",
      spokespeople: [{ name: "Amina" }],
    });
  });

  it("keeps an uploaded file's name but drops what the rule refuses from it", () => {
    expect(displayName("brief\u202Eing\uFFFF\u0000.wav")).toBe("briefing.wav");
    expect(displayName("\uFDD0\n")).toBe("Recording");
    // Cut by code point: 199 letters and an emoji stay whole.
    expect(displayName(`${"a".repeat(199)}😀😀`)).toBe(`${"a".repeat(199)}😀`);
  });
});

describe("vocabulary terms the recognisers would refuse", { timeout: 60_000 }, () => {
  it("are refused with 400s that say why", async () => {
    const { api } = await registerAndSignIn();
    for (const term of [";", "--", "Vox;Lagos", ...UNSAFE]) {
      const response = await api.put("/api/vocabulary", { terms: ["Vox", term] });
      expect(response.status, JSON.stringify(term)).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string[]> };
      expect(body.errors["terms.1"]?.[0]).toMatch(/semicolon|letter or digit|control/);
    }
    expect(await (await api.get("/api/vocabulary")).json()).toEqual({ terms: [] });
  });

  it("saved before the rule are left out, so an English report still completes", async () => {
    const { token, user } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    await env.DB.prepare("INSERT INTO preferences (user_id, vocabulary, updated_at) VALUES (?, ?, ?)")
      .bind(user.id, JSON.stringify([";", "Vox", "Ada\u202E", " "]), new Date().toISOString())
      .run();
    expect(await (await request(token, "/api/vocabulary")).json()).toEqual({ terms: ["Vox"] });
    const upload = await tusUpload(token, speechWav(6));
    const started = await request(token, "/api/sentiment", "POST", { upload_id: upload });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const job = sentimentJobSchema.parse(await settled(`/api/sentiment/${id}`, token));
    expect(job.status).toBe("completed");
  });

  it("never reach Deepgram as an empty keyterm", () => {
    expect(keytermsFor("nova-3", [";", " ; "])).toBeUndefined();
    expect(keytermsFor("nova-3", [";", "Vox"])).toEqual(["Vox"]);
  });
});

describe("speaker names and DOCX exports", { timeout: 60_000 }, () => {
  it("a speaker name that would forge a turn is refused, and one stored before the rule stays on one line", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const refused = await request(token, `/api/press-releases/${release.id}/speakers`, "PATCH", {
      speakers: { A: FORGED },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "validation_failed" });

    await env.DB.prepare("UPDATE jobs SET speaker_names = ? WHERE id = ?")
      .bind(JSON.stringify({ A: FORGED }), release.id)
      .run();
    const txt = await (await request(token, `/api/press-releases/${release.id}/transcript/export?format=txt`)).text();
    const turns = txt.split("\n").filter((line) => line !== "");
    expect(turns).toHaveLength(release.utterances?.length ?? -1);
    expect(turns.filter((line) => line.includes("Minister"))).toHaveLength(1);
    for (const format of ["srt", "vtt"]) {
      const cues = await (
        await request(token, `/api/press-releases/${release.id}/transcript/export?format=${format}`)
      ).text();
      expect(cues).not.toMatch(/\n\[00:00\] Minister/);
    }
  });

  it("a release, a speaker name and a file name with \\uFFFF still make well-formed Word XML", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const release = await finishedRelease(token);
    const edited = await request(token, `/api/press-releases/${release.id}`, "PATCH", {
      text: "# Lagos\uFFFF opens\u0001 a hub\n\nIBADAN \u2014 Twelve\uFFFE boreholes\uD800.\n",
    });
    expect(edited.status).toBe(200);
    expectWellFormed(await documentXml(await request(token, `/api/press-releases/${release.id}/export?format=docx`)));

    await env.DB.prepare("UPDATE jobs SET file_name = ?, speaker_names = ? WHERE id = ?")
      .bind("brief\uFFFFing\u0007.wav", JSON.stringify({ A: "Ada\uFFFF\u0001" }), release.id)
      .run();
    const xml = await documentXml(
      await request(token, `/api/press-releases/${release.id}/transcript/export?format=docx`),
    );
    expectWellFormed(xml);
    expect(xml).toContain("briefing.wav");
  });
});
