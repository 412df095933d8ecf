import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingResponse } from "../../worker/billing/contracts/billing.ts";
import { unreferencedKeys } from "../../worker/core/orphan-sweep.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { damagedPng, objectsUnder, png, upload, uploaded } from "./release-images.ts";

/**
 * A release image's WebP renditions, made at upload by the Images binding: refused or failed with
 * nothing stored, counted in the plan's storage with the image, and gone with the image, the release
 * and the account.
 */

const renditionsOf = (userId: string, releaseId = "") => objectsUnder(`attachment-renditions/${userId}/${releaseId}`);

async function rowsOf(table: "release_attachments" | "release_image_renditions", where: string, value: string) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(value)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function storageUsage(api: { get(path: string): Promise<Response> }) {
  const response = await api.get("/api/billing");
  expect(response.status).toBe(200);
  const { usage } = (await response.json()) as BillingResponse;
  const storage = usage.find((item) => item.tool === "storage");
  return { used: storage?.used ?? 0, allowance: storage?.allowance ?? 0 };
}

async function bytesUnder(prefix: string): Promise<number> {
  return (await env.AUDIO.list({ prefix })).objects.reduce((sum, object) => sum + object.size, 0);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an image's renditions at upload", { timeout: 40_000 }, () => {
  it("refuses an image the Images binding cannot read (415) and answers 502 when the binding fails, storing nothing either time", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user } = await registerAndSignIn();
    const release = await finishedRelease(token);

    const damaged = await upload(token, release.id, { bytes: damagedPng(), type: "image/png" });
    expect(damaged.status).toBe(415);
    expect(await damaged.json()).toMatchObject({
      code: "unsupported_media_type",
      message: expect.stringMatching(/could not read/),
      errors: { file: [expect.any(String)] },
    });

    const outage = Object.assign(new Error("IMAGES_TRANSFORM_ERROR 9524: unavailable"), { code: 9524 });
    vi.spyOn(env.IMAGES, "input").mockImplementation(() => {
      throw outage;
    });
    const failed = await upload(token, release.id, { bytes: png(800, 600), type: "image/png" });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      code: "image_provider_unavailable",
      message: "The image service is not answering. Please try again shortly.",
    });

    expect(await objectsUnder(`attachments/${user.id}/`)).toEqual([]);
    expect(await renditionsOf(user.id)).toEqual([]);
    expect(await rowsOf("release_attachments", "job_id = ?", release.id)).toBe(0);
  });
});

describe("an image's renditions and storage", { timeout: 40_000 }, () => {
  it("count the image and its renditions in the plan's storage, and refuse one past it as a recording is (402), storing none of it", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user, api } = await registerAndSignIn();
    const release = await finishedRelease(token);
    const before = await storageUsage(api);

    const first = await uploaded(token, release.id);
    const renditionBytes = await bytesUnder(`attachment-renditions/${user.id}/${release.id}/${first.id}/`);
    expect(renditionBytes).toBeGreaterThan(0);
    const after = await storageUsage(api);
    expect(after.used - before.used).toBe(first.bytes + renditionBytes);

    // Fill the plan but for room for the same image without its renditions.
    const room = after.allowance - after.used;
    await env.DB.prepare("UPDATE release_attachments SET bytes = bytes + ? WHERE id = ?")
      .bind(room - first.bytes, first.id)
      .run();
    const over = await upload(token, release.id, { bytes: png(1200, 800), type: "image/png" });
    expect(over.status).toBe(402);
    expect(await over.json()).toMatchObject({ code: "storage_quota_exceeded", message: expect.any(String) });
    expect(await objectsUnder(`attachments/${user.id}/${release.id}/`)).toHaveLength(1);
    expect(await renditionsOf(user.id, release.id)).toHaveLength(3);
    expect(await rowsOf("release_attachments", "job_id = ?", release.id)).toBe(1);

    // Room for exactly the image and its renditions is enough.
    await env.DB.prepare("UPDATE release_attachments SET bytes = bytes - ? WHERE id = ?")
      .bind(renditionBytes, first.id)
      .run();
    await uploaded(token, release.id);
    expect((await storageUsage(api)).used).toBe(after.allowance);
  });
});

describe("an image's renditions and erasure", { timeout: 40_000 }, () => {
  it("go with the image's release and the account, and the orphan sweep tells theirs from leftovers", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, api, user, input } = await registerAndSignIn();
    const kept = await finishedRelease(token);
    const deleted = await finishedRelease(token);
    await uploaded(token, kept.id);
    await uploaded(token, deleted.id);
    const stored = await renditionsOf(user.id);
    expect(stored).toHaveLength(6);
    expect(await unreferencedKeys(env.DB, stored)).toEqual([]);
    const leftover = `attachment-renditions/${user.id}/${kept.id}/${crypto.randomUUID()}/480.webp`;
    expect(await unreferencedKeys(env.DB, [leftover])).toEqual([leftover]);

    const gone = await call(`/api/press-releases/${deleted.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": api.ip },
    });
    expect(gone.status).toBe(200);
    expect(await renditionsOf(user.id, `${deleted.id}/`)).toEqual([]);
    expect(await renditionsOf(user.id, `${kept.id}/`)).toHaveLength(3);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect(await renditionsOf(user.id)).toEqual([]);
  });

  it("an upload whose release is deleted while its renditions are made takes every object it wrote back out", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user } = await registerAndSignIn();
    const release = await finishedRelease(token);
    const input = env.IMAGES.input.bind(env.IMAGES);
    let deletion: Promise<unknown> | null = null;
    vi.spyOn(env.IMAGES, "input").mockImplementation((stream) => {
      // As a deletion racing the upload leaves it: the release's row goes while its renditions are made.
      deletion ??= env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(release.id).run();
      const transformer = input(stream);
      const output = transformer.output.bind(transformer);
      transformer.output = async (options) => {
        await deletion;
        return output(options);
      };
      return transformer;
    });
    const response = await upload(token, release.id, { bytes: png(1200, 800), type: "image/png" });
    expect(deletion).not.toBeNull();
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "gone" });
    expect(await objectsUnder(`attachments/${user.id}/${release.id}/`)).toEqual([]);
    expect(await renditionsOf(user.id, release.id)).toEqual([]);
  });
});
