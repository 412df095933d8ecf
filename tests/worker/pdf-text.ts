import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/** The WinAnsi codes the writer uses between 0x80 and 0x9f, where WinAnsi differs from Latin-1. */
const WIN_ANSI: Record<number, string> = {
  128: "€",
  133: "…",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
};

/**
 * What a PDF reader extracts from a PDF: every string its pages draw, in order, one space between
 * strings (the writer gives each word but a line's last its space), and the fill colour (`r g b`, as
 * drawn) of each filled shape the pages draw, in order.
 */
export async function pdfContent(bytes: Uint8Array): Promise<{ text: string; fills: string[]; pages: number }> {
  const pdf = await PDFDocument.load(bytes);
  const strings: string[] = [];
  const fills: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const part of parts) {
      if (!(part instanceof PDFRawStream)) continue;
      const operators = new TextDecoder("latin1").decode(decodePDFRawStream(part).decode());
      for (const [, hex = ""] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        const codes = (hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
        strings.push(codes.map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join(""));
      }
      let colour = "0 0 0";
      for (const line of operators.split("\n")) {
        const fill = /^(\S+ \S+ \S+) rg$/.exec(line);
        if (fill?.[1]) colour = fill[1];
        if (line === "f") fills.push(colour);
      }
    }
  }
  return { text: strings.join(" ").replace(/\s+/g, " "), fills, pages: pdf.getPageCount() };
}
