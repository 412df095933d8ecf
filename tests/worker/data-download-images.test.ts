import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { registerAndSignIn } from "./helpers.ts";
import { finishedRelease, jobsWithoutPauses } from "./jobs.ts";
import { png, uploaded } from "./release-images.ts";

/** A release's images in the account's data download: the JSON names each, the files zip holds it as uploaded. */

describe("images in the data download", { timeout: 40_000 }, () => {
  it("puts each image as uploaded in the zip under its release's name, then its place and alt text, and the JSON names each file", async () => {
    await using _fast = await jobsWithoutPauses();
    const { token, api } = await registerAndSignIn();
    const release = await finishedRelease(token);
    const borehole = png(640, 480);
    await uploaded(token, release.id, borehole, { alt: "Women fetching water at the new borehole" });
    const pump = png(320, 240);
    await uploaded(token, release.id, pump, { alt: "Ẹ̀rọ omi: the pump" });

    const data = JSON.parse(await (await api.get("/api/account/export")).text());
    const files = data.release_attachments.map((image: { file: string }) => image.file);
    const folder = `images/[a-z0-9-]+-${release.id.slice(0, 8)}`;
    expect(files[0]).toMatch(new RegExp(`^${folder}/01-women-fetching-water-at-the-new-borehole\\.png$`));
    expect(files[1]).toMatch(new RegExp(`^${folder}/02-ero-omi-the-pump\\.png$`));

    const zip = await api.get("/api/account/export/files");
    expect(zip.status).toBe(200);
    const unzipped = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(unzipped[files[0]]).toEqual(borehole);
    expect(unzipped[files[1]]).toEqual(pump);
    // The renditions are Vox's copies, not the account's files.
    expect(Object.keys(unzipped).filter((name) => name.endsWith(".webp"))).toEqual([]);
  });
});
