import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { releaseBlocks } from "../../worker/press-releases/contracts/release-markdown.ts";
import { releasePdf } from "../../worker/press-releases/export/pdf.ts";

/** The text a PDF reader extracts from the first page: every string the page draws, in order. */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const parts = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const streams = parts.filter((part): part is PDFRawStream => part instanceof PDFRawStream);
  let text = "";
  for (const stream of streams) {
    const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    for (const [, hex = ""] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      text += String.fromCharCode(...(hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
    }
  }
  return text;
}

describe("a release's PDF", () => {
  it("keeps the spaces between words, so a reader copies the embargo line as written", async () => {
    const markdown =
      "**EMBARGOED UNTIL 09:00 WAT, 2 December 2026**\n\n# Borehole trust opens 12 wells\n\nLagos, Nigeria.";
    const text = await drawnText(await releasePdf(releaseBlocks(markdown), "Borehole trust opens 12 wells"));
    expect(text).toContain("EMBARGOED UNTIL 09:00 WAT, 2 December 2026");
    expect(text).toContain("Borehole trust opens 12 wells");
  });
});
