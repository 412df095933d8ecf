import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unreferencedKeys } from "../../worker/core/orphan-sweep.ts";
import {
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_IMAGES_PER_RELEASE,
  type AttachmentList,
} from "../../worker/press-releases/contracts/attachments.ts";
import { embargoTime } from "../../worker/press-releases/contracts/release-options.ts";
import { advanceDays, json, sandboxPost } from "./billing-helpers.ts";
import { type Client, call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import {
  ascii,
  fresh,
  jpeg,
  objectsUnder,
  padded,
  png,
  publicGet,
  upload,
  uploaded,
  webp,
  withPublishedRelease,
} from "./release-images.ts";

/** A release's images and audio clip (worker/press-releases/attachments*), on its newsroom and in its e-mails. */

const request = (token: string, path: string, init: RequestInit = {}) =>
  call(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });

async function attachments(token: string, id: string): Promise<AttachmentList> {
  const response = await request(token, `/api/press-releases/${id}/attachments`);
  expect(response.status).toBe(200);
  return (await response.json()) as AttachmentList;
}

const attachRecording = (token: string, id: string, attach: boolean) =>
  request(token, `/api/press-releases/${id}/attachments/recording`, {
    method: "PATCH",
    body: JSON.stringify({ attach }),
  });

async function rowsOf(table: "release_attachments" | "release_audio_clips", column: string, value: string) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`)
    .bind(value)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

afterEach(async () => {
  await call("/__sandbox/clock", { method: "DELETE", headers: json });
});

describe("/api/press-releases/:id/attachments", () => {
  it("takes JPEG, PNG and WebP by their bytes with alt text, lists them with the recording, attaches it and removes an image", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user } = await registerAndSignIn();
    const release = await finishedRelease(token);
    expect(await attachments(token, release.id)).toEqual({
      items: [],
      recording: { attached: false, available: true },
    });

    const first = await uploaded(token, release.id, png(1200, 800), {
      alt: "  The borehole ",
      caption: "Iseyin, Monday",
    });
    expect(first).toMatchObject({
      content_type: "image/png",
      width: 1200,
      height: 800,
      alt: "The borehole",
      caption: "Iseyin, Monday",
    });
    // The bytes decide the type, whatever the upload declared among the three.
    const second = await upload(token, release.id, { bytes: await jpeg(640, 480), type: "image/png" });
    expect(await second.json()).toMatchObject({ content_type: "image/jpeg", width: 640, height: 480, caption: "" });
    const third = await upload(token, release.id, { bytes: await webp(300, 200), type: "image/webp" });
    expect(await third.json()).toMatchObject({ content_type: "image/webp", width: 300, height: 200 });
    expect((await attachments(token, release.id)).items.map((item) => item.content_type)).toEqual([
      "image/png",
      "image/jpeg",
      "image/webp",
    ]);
    expect(await objectsUnder(`attachments/${user.id}/${release.id}/`)).toHaveLength(3);

    expect((await attachRecording(token, release.id, true)).status).toBe(200);
    expect((await attachments(token, release.id)).recording).toEqual({ attached: true, available: true });

    const removed = await request(token, `/api/press-releases/${release.id}/attachments/${first.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(await objectsUnder(`attachments/${user.id}/${release.id}/${first.id}`)).toEqual([]);
    expect((await attachments(token, release.id)).items).toHaveLength(2);
    const again = await request(token, `/api/press-releases/${release.id}/attachments/${first.id}`, {
      method: "DELETE",
    });
    expect(again.status).toBe(404);
  });

  it("refuses a file that is no image by its bytes (415), one too large (413), no alt text (400), and a seventh image (409), storing none of them", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user } = await registerAndSignIn();
    const release = await finishedRelease(token);
    const refusals: [Response, number, string][] = [
      [
        await upload(token, release.id, { bytes: padded(ascii("<svg xmlns="), 256), type: "image/png" }),
        415,
        "unsupported_media_type",
      ],
      [await upload(token, release.id, { bytes: png(10, 10), type: "image/gif" }), 415, "unsupported_media_type"],
      [await upload(token, release.id, { bytes: png(0, 10), type: "image/png" }), 415, "unsupported_media_type"],
      [
        await upload(token, release.id, { bytes: png(10, 10, ATTACHMENT_IMAGE_MAX_BYTES + 1), type: "image/png" }),
        413,
        "payload_too_large",
      ],
      [await upload(token, release.id, { bytes: png(10, 10), type: "image/png" }, {}), 400, "validation_failed"],
      [
        await upload(token, release.id, { bytes: png(10, 10), type: "image/png" }, { alt: "   " }),
        400,
        "validation_failed",
      ],
      [
        await upload(token, release.id, { bytes: png(10, 10), type: "image/png" }, { alt: "x".repeat(301) }),
        400,
        "validation_failed",
      ],
      [await upload(token, release.id, null), 400, "validation_failed"],
    ];
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ code, message: expect.any(String) });
    }
    const noAlt = await upload(token, release.id, { bytes: png(10, 10), type: "image/png" }, { caption: "x" });
    expect(await noAlt.json()).toMatchObject({ errors: { alt: [expect.any(String)] } });
    expect(await objectsUnder(`attachments/${user.id}/`)).toEqual([]);

    for (let n = 0; n < ATTACHMENT_IMAGES_PER_RELEASE; n++) await uploaded(token, release.id, png(100 + n, 100));
    const seventh = await upload(token, release.id, { bytes: png(10, 10), type: "image/png" });
    expect(seventh.status).toBe(409);
    expect(await seventh.json()).toMatchObject({ code: "attachments_full" });
    expect(await objectsUnder(`attachments/${user.id}/`)).toHaveLength(ATTACHMENT_IMAGES_PER_RELEASE);
  });

  it("cannot attach a recording that is gone, and says why", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token } = await registerAndSignIn();
    const release = await finishedRelease(token);
    // As deleting the recording leaves the release: its job no longer names the object.
    await env.DB.prepare("UPDATE jobs SET r2_key = NULL WHERE id = ?").bind(release.id).run();
    expect((await attachments(token, release.id)).recording).toEqual({ attached: false, available: false });
    const refused = await attachRecording(token, release.id, true);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "recording_gone", message: expect.stringMatching(/deleted/) });
    expect((await attachRecording(token, release.id, false)).status).toBe(200);
  });

  it("is the owner's alone: another account gets 404 for every call and cannot touch an image by its id", async () => {
    await using _fast = await jobsWithoutPauses();
    const mine = await registerAndSignIn();
    const other = await registerAndSignIn();
    const release = await finishedRelease(mine.token);
    const theirs = await finishedRelease(other.token);
    const image = await uploaded(mine.token, release.id);
    for (const response of [
      await request(other.token, `/api/press-releases/${release.id}/attachments`),
      await upload(other.token, release.id, { bytes: png(10, 10), type: "image/png" }),
      await attachRecording(other.token, release.id, true),
      await request(other.token, `/api/press-releases/${release.id}/attachments/${image.id}`, { method: "DELETE" }),
      await request(other.token, `/api/press-releases/${theirs.id}/attachments/${image.id}`, { method: "DELETE" }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
    expect(await attachments(mine.token, release.id)).toMatchObject({ items: [image], recording: { attached: false } });
  });
});

// Each upload has its renditions made by the Images binding (locally sharp, in wrangler's process),
// a second or two on a busy machine, beside the DOCX and PDF this test has written.
describe("a release's files on its newsroom", { timeout: 40_000 }, () => {
  it("shows and serves images, the clip and the documents only once the embargo lifts, and none after a takedown", async () => {
    await using _fast = await jobsWithoutPauses();
    const embargo = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const { token, api, release, publish } = await withPublishedRelease({ embargo_until: embargo });
    const image = await uploaded(token, release.id, png(1200, 800), { alt: "The borehole", caption: "Iseyin" });
    await uploaded(token, release.id, png(400, 400), { alt: "The pump" });
    expect((await attachRecording(token, release.id, true)).status).toBe(200);
    const { url } = (await (await publish()).json()) as { url: string };
    const file = (name: string) => `${url}/files/${name}`;
    const files = [file(image.id), file("recording"), file("release.docx"), file("release.pdf")];

    for (const address of [url, ...files]) expect((await publicGet(address)).status, address).toBe(404);

    await advanceDays(3);
    expect((await sandboxPost("/scheduled")).status).toBe(200);
    const page = await (await publicGet(url)).text();
    const path = new URL(file(image.id)).pathname;
    expect(page).toMatch(
      new RegExp(`<img src="[^"]*${path}" alt="The borehole" width="1200" height="800" loading="lazy"`),
    );
    expect(page).toContain("<figcaption>Iseyin</figcaption>");
    expect(page).toContain('<link rel="icon" href="data:,"/>');
    expect(page).toMatch(/<audio controls="" preload="none" src="[^"]+\/files\/recording"/);
    expect(page).toMatch(/href="[^"]+\/files\/release\.docx"/);
    expect(page).toMatch(/href="[^"]+\/files\/release\.pdf"/);
    // The link preview's picture is the image's rendition 1,200 pixels wide.
    expect(page).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${path}-1200w\\.webp"`));

    const picture = await publicGet(file(image.id));
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(png(1200, 800));
    const etag = picture.headers.get("etag") ?? "";
    expect((await publicGet(file(image.id), { "if-none-match": etag })).status).toBe(304);
    const clip = await publicGet(file("recording"), { range: "bytes=0-99" });
    expect(clip.status).toBe(206);
    expect(clip.headers.get("content-type")).toMatch(/^audio\//);
    await clip.arrayBuffer();
    const docx = await publicGet(file("release.docx"));
    expect(docx.status).toBe(200);
    expect(docx.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.docx"$/);
    expect(new Uint8Array(await docx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const pdf = await publicGet(file("release.pdf"));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await pdf.arrayBuffer();
    expect((await publicGet(file(crypto.randomUUID()))).status).toBe(404);

    // Taking the clip off, and the release down, answer at once.
    expect((await attachRecording(token, release.id, false)).status).toBe(200);
    expect((await publicGet(file("recording"))).status).toBe(404);
    expect(await (await publicGet(url)).text()).not.toContain("<audio");
    const down = await call(`/api/press-releases/${release.id}/publish`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": api.ip },
    });
    expect(down.status).toBe(200);
    for (const address of files) expect((await publicGet(address)).status, address).toBe(404);
  });
});

describe("the release e-mail's attachments", () => {
  async function mailedTo(api: Client, releaseId: string) {
    const email = `${fresh("desk")}@news.example`;
    const imported = await call("/api/contacts/import", {
      method: "POST",
      headers: { "content-type": "text/csv", "cf-connecting-ip": api.ip, authorization: `Bearer ${api.token}` },
      body: ["name,email,outlet,beat,consent,tags", `Adaeze Okafor,${email},Punch,Business,yes,`].join("\n"),
    });
    expect(imported.status).toBe(201);
    expect((await api.post(`/api/press-releases/${releaseId}/send`, {})).status).toBe(202);
    return vi.waitFor(
      async () => {
        const response = await call(`/__sandbox/mail/messages?to=${encodeURIComponent(email)}`);
        const [message] = ((await response.json()) as { messages: { text: string; html: string }[] }).messages;
        expect(message).toBeDefined();
        return message as { text: string; html: string };
      },
      { timeout: 15_000, interval: 100 },
    );
  }

  it("links each file of a public release in the HTML and the text", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, api, release, publish } = await withPublishedRelease();
    const image = await uploaded(token, release.id, png(800, 600), { alt: "The borehole & its pump" });
    expect((await attachRecording(token, release.id, true)).status).toBe(200);
    const { url } = (await (await publish()).json()) as { url: string };
    const message = await mailedTo(api, release.id);
    for (const name of [image.id, "recording", "release.docx", "release.pdf"]) {
      expect(message.text).toContain(`${url}/files/${name}`);
      expect(message.html).toContain(`href="${url}/files/${name}"`);
    }
    expect(message.text).toContain("Image 1: The borehole & its pump");
    expect(message.html).toContain("Image 1: The borehole &amp; its pump");
    expect((await publicGet(`${url}/files/${image.id}`)).status).toBe(200);
  });

  it("names the files of an embargoed release and when they will be public, linking none", async () => {
    await using _fast = await jobsWithoutPauses();
    const embargo = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const { token, api, release, publish } = await withPublishedRelease({ embargo_until: embargo });
    await uploaded(token, release.id, png(800, 600), { alt: "The borehole" });
    expect((await publish()).status).toBe(200);
    const message = await mailedTo(api, release.id);
    for (const part of [message.text, message.html]) {
      expect(part).toContain(`On the newsroom from ${embargoTime(embargo)}`);
      expect(part).toContain("Image 1: The borehole");
      expect(part).not.toContain("/files/");
    }
  });
});

describe("attachments and erasure", () => {
  it("are in the data download, and leave nothing in R2 or D1 when the release or the account is deleted", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, api, user, input } = await registerAndSignIn();
    const kept = await finishedRelease(token);
    const deleted = await finishedRelease(token);
    const image = await uploaded(token, kept.id);
    await uploaded(token, deleted.id);
    expect((await attachRecording(token, kept.id, true)).status).toBe(200);
    expect((await attachRecording(token, deleted.id, true)).status).toBe(200);

    const data = JSON.parse(await (await api.get("/api/account/export")).text());
    expect(data.release_attachments).toEqual([
      expect.objectContaining({ ...image, job_id: kept.id }),
      expect.any(Object),
    ]);
    expect(data.release_audio_clips).toHaveLength(2);
    // The orphan sweep takes a release's images for referenced, not for leftovers.
    const stored = await objectsUnder(`attachments/${user.id}/`);
    expect(stored).toHaveLength(2);
    expect(await unreferencedKeys(env.DB, stored)).toEqual([]);

    const gone = await call(`/api/press-releases/${deleted.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": api.ip },
    });
    expect(gone.status).toBe(200);
    expect(await objectsUnder(`attachments/${user.id}/${deleted.id}/`)).toEqual([]);
    expect(await rowsOf("release_attachments", "job_id", deleted.id)).toBe(0);
    expect(await rowsOf("release_audio_clips", "job_id", deleted.id)).toBe(0);
    expect(await objectsUnder(`attachments/${user.id}/${kept.id}/`)).toHaveLength(1);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect(await objectsUnder(`attachments/${user.id}/`)).toEqual([]);
    expect(await rowsOf("release_attachments", "user_id", user.id)).toBe(0);
    expect(await rowsOf("release_audio_clips", "user_id", user.id)).toBe(0);
  });
});
