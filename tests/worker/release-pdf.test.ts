import { describe, expect, it } from "vitest";
import { releaseBlocks } from "../../worker/press-releases/contracts/release-markdown.ts";
import { releasePdf } from "../../worker/press-releases/export/pdf.ts";
import { pdfText } from "./pdf-text.ts";

describe("a release's PDF", () => {
  it("keeps the spaces between words, so a reader copies the embargo line as written", async () => {
    const markdown =
      "**EMBARGOED UNTIL 09:00 WAT, 2 December 2026**\n\n# Borehole trust opens 12 wells\n\nLagos, Nigeria.";
    const [text] = await pdfText(await releasePdf(releaseBlocks(markdown), "Borehole trust opens 12 wells"));
    expect(text).toContain("EMBARGOED UNTIL 09:00 WAT, 2 December 2026");
    expect(text).toContain("Borehole trust opens 12 wells");
  });
});
