import { datedFileName } from "@contracts/dated-file-name.ts";
import { releaseFileName } from "@worker/press-releases/contracts/release-markdown.ts";
import { describe, expect, it } from "vitest";

describe("download names", () => {
  it("cut a long title after its last whole word", () => {
    const title = "Lagos State Government announces that we will publish a fuller report on the flood response";
    const name = datedFileName(title, "2026-11-27T10:00:00Z", "pdf", "press-release");
    expect(name).toBe("lagos-state-government-announces-that-we-will-publish-a-2026-11-27.pdf");
    expect(name.length - "-2026-11-27.pdf".length).toBeLessThanOrEqual(60);
  });

  it("keep a short title whole, and cut a single endless word where it must", () => {
    expect(datedFileName("Town hall", "2026-11-27T10:00:00Z", "md", "x")).toBe("town-hall-2026-11-27.md");
    expect(datedFileName("a".repeat(80), "2026-11-27T10:00:00Z", "md", "x")).toBe(`${"a".repeat(60)}-2026-11-27.md`);
    expect(datedFileName("!!!", "2026-11-27T10:00:00Z", "md", "press-release")).toBe("press-release-2026-11-27.md");
  });

  it("name a release from its headline, and a translated copy by its language too", () => {
    const release = "EMBARGOED UNTIL 09:00 WAT, 2 December 2026\n\n# Ìjọba Trust opens 12 boreholes\n\nText.";
    expect(releaseFileName(release, "2026-11-25T08:00:00Z", "docx")).toBe(
      "ijoba-trust-opens-12-boreholes-2026-11-25.docx",
    );
    expect(releaseFileName(release, "2026-11-25T08:00:00Z", "md", "yo")).toBe(
      "ijoba-trust-opens-12-boreholes-yo-2026-11-25.md",
    );
  });
});
