import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { imageFacts } from "../../worker/press-releases/image-bytes.ts";
import { call } from "./helpers.ts";
import { jobsWithoutPauses } from "./jobs.ts";
import { objectsUnder, png, publicGet, uploaded, withPublishedRelease } from "./release-images.ts";

/** A release's images on its newsroom page: WebP renditions made at upload, in srcset and the link preview. */

describe("an image's renditions on the newsroom", { timeout: 40_000 }, () => {
  it("serves each image from WebP renditions in srcset, lazily, with a 1,200-wide link preview, cached for good, and the upload itself still", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, user, release, publish } = await withPublishedRelease();
    const wide = await uploaded(token, release.id, png(2000, 1000), { alt: "The borehole from the road" });
    const small = await uploaded(token, release.id, png(300, 200), { alt: "The pump" });
    const { url } = (await (await publish()).json()) as { url: string };
    const file = (name: string) => `${url}/files/${name}`;
    const path = (name: string) => new URL(file(name)).pathname.replaceAll(".", "\\.");

    const page = await (await publicGet(url)).text();
    const srcset = [480, 960, 1200, 1600].map((width) => `[^"]*${path(`${wide.id}-${width}w.webp`)} ${width}w`);
    expect(page).toMatch(
      new RegExp(
        `<img src="[^"]*${path(wide.id)}" alt="The borehole from the road" width="1600" height="800" loading="lazy" decoding="async" srcSet="${srcset.join(", ")}" sizes="[^"]+"`,
      ),
    );
    // Never wider than the upload: a small image has one rendition, its own size.
    expect(page).toMatch(
      new RegExp(`<img src="[^"]*${path(small.id)}" [^>]*srcSet="[^"]*${path(`${small.id}-300w.webp`)} 300w"`),
    );
    expect(page).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${path(`${wide.id}-1200w.webp`)}"/>`));
    expect(page).toContain('<meta property="og:image:width" content="1200"/>');
    expect(page).toContain('<meta property="og:image:height" content="600"/>');

    for (const width of [480, 960, 1200, 1600]) {
      const rendition = await publicGet(file(`${wide.id}-${width}w.webp`));
      expect(rendition.status, String(width)).toBe(200);
      expect(rendition.headers.get("content-type")).toBe("image/webp");
      expect(rendition.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(imageFacts(new Uint8Array(await rendition.arrayBuffer()))).toEqual({
        type: "image/webp",
        width,
        height: width / 2,
      });
    }
    const original = await publicGet(file(wide.id));
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(png(2000, 1000));
    for (const missing of [`${wide.id}-640w.webp`, `${small.id}-480w.webp`, `${crypto.randomUUID()}-480w.webp`]) {
      expect((await publicGet(file(missing))).status, missing).toBe(404);
    }

    const removed = await call(`/api/press-releases/${release.id}/attachments/${wide.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    expect((await publicGet(file(`${wide.id}-480w.webp`))).status).toBe(404);
    expect(await objectsUnder(`attachment-renditions/${user.id}/${release.id}/${wide.id}/`)).toEqual([]);
  });

  it("shows an image uploaded before renditions were made as it came, and previews the link with it", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, release, publish } = await withPublishedRelease();
    const image = await uploaded(token, release.id, png(800, 600), { alt: "The old photo" });
    // As migration 0044 found the images uploaded before it: no renditions.
    await env.DB.prepare("DELETE FROM release_image_renditions WHERE attachment_id = ?").bind(image.id).run();
    const { url } = (await (await publish()).json()) as { url: string };
    const path = new URL(`${url}/files/${image.id}`).pathname;

    const page = await (await publicGet(url)).text();
    expect(page).toMatch(
      new RegExp(
        `<img src="[^"]*${path}" alt="The old photo" width="800" height="600" loading="lazy" decoding="async"/>`,
      ),
    );
    expect(page).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${path}"/>`));
    expect(page).toContain('<meta property="og:image:width" content="800"/>');
  });
});
