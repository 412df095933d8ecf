import { PDFDocument, type PDFFont } from "pdf-lib";
import type { Block } from "../contracts/release-markdown.ts";
import { drawable, embedUnicodeFonts } from "./unicode-fonts.ts";

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const SIZES = { 1: 18, 2: 14, 3: 12, body: 11 } as const;

interface Word {
  readonly text: string;
  readonly font: PDFFont;
}

/**
 * An A4 PDF: headings in bold, paragraphs wrapped to the margins, pages added as the text needs; in
 * fonts that draw every letter of the product's languages, so a release in Yorùbá keeps its marks.
 */
export async function releasePdf(blocks: readonly Block[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title.normalize("NFC"));
  pdf.setCreator("Vox");
  const fonts = await embedUnicodeFonts(pdf);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  for (const block of blocks) {
    const size = block.kind === "heading" ? SIZES[block.level] : SIZES.body;
    const lineHeight = size * 1.4;
    const words: Word[] = block.runs.flatMap((run) => {
      const font = block.kind === "heading" || run.bold ? fonts.bold : run.italic ? fonts.italic : fonts.regular;
      return drawable(run.text, font)
        .split(/\s+/)
        .filter(Boolean)
        .map((text) => ({ text, font }));
    });
    const space = fonts.regular.widthOfTextAtSize(" ", size);
    let line: Word[] = [];
    let lineWidth = 0;
    const drawLine = () => {
      if (y - lineHeight < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= lineHeight;
      let x = PAGE.margin;
      // Each word carries its space, so a reader copying the text gets "WAT, 2 December", not
      // words run together (extractors guess spaces from gaps, and guess wrong after a comma).
      line.forEach((word, index) => {
        page.drawText(index < line.length - 1 ? `${word.text} ` : word.text, { x, y, size, font: word.font });
        x += word.font.widthOfTextAtSize(word.text, size) + space;
      });
      line = [];
      lineWidth = 0;
    };
    for (const word of words) {
      const wordWidth = word.font.widthOfTextAtSize(word.text, size);
      if (line.length && lineWidth + space + wordWidth > width) drawLine();
      lineWidth += (line.length ? space : 0) + wordWidth;
      line.push(word);
    }
    if (line.length) drawLine();
    y -= size * 0.8;
  }
  return pdf.save();
}
