import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Letterhead } from "../../organisation/contracts/letterhead.ts";
import type { Block } from "../contracts/release-markdown.ts";
import { type Bar, type DocumentPart, TONE_COLOURS, withLetterhead } from "./document-parts.ts";
import { drawable, embedUnicodeFonts } from "./unicode-fonts.ts";

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const SIZES = { 1: 18, 2: 14, 3: 12, body: 11 } as const;

interface Word {
  readonly text: string;
  readonly font: PDFFont;
}

/** An A4 PDF of a release, under the press kit's letterhead when the account has one. */
export async function releasePdf(
  blocks: readonly Block[],
  title: string,
  letterhead?: Letterhead | null,
): Promise<Uint8Array> {
  return documentPdf(withLetterhead(letterhead, blocks), title);
}

const RULE = { thickness: 0.75, colour: rgb(0.6, 0.6, 0.6) } as const;
const CHART = { row: 14, labelWidth: 44, noteWidth: 150, size: 8 } as const;

/**
 * An A4 PDF: headings in bold, paragraphs wrapped to the margins, the letterhead above a rule, a
 * bar chart drawn as rectangles either side of a zero line, pages added as the content needs; in
 * fonts that draw every letter of the product's languages, so a release in Yorùbá keeps its marks.
 */
export async function documentPdf(parts: readonly DocumentPart[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title.normalize("NFC"));
  pdf.setCreator("Vox");
  const fonts = await embedUnicodeFonts(pdf);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  /** Moves `y` down by `height`, on a new page when this one has no room for it. */
  const room = (height: number) => {
    if (y - height < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    y -= height;
  };

  const drawBlock = (block: Block, colour = rgb(0, 0, 0)) => {
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
      room(lineHeight);
      let x = PAGE.margin;
      // Each word carries its space, so a reader copying the text gets "WAT, 2 December", not
      // words run together (extractors guess spaces from gaps, and guess wrong after a comma).
      line.forEach((word, index) => {
        page.drawText(index < line.length - 1 ? `${word.text} ` : word.text, {
          x,
          y,
          size,
          font: word.font,
          color: colour,
        });
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
  };

  const drawLetterhead = ({ name, lines }: Letterhead) => {
    drawBlock({ kind: "heading", level: 2, runs: [{ text: name, bold: true, italic: false }] });
    y += SIZES[2] * 0.8;
    for (const text of lines)
      drawBlock({ kind: "paragraph", runs: [{ text, bold: false, italic: false }] }, rgb(0.3, 0.3, 0.3));
    room(RULE.thickness);
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: RULE.thickness,
      color: RULE.colour,
    });
    y -= SIZES.body * 1.6;
  };

  const drawBars = (bars: readonly Bar[]) => {
    const half = (width - CHART.labelWidth - CHART.noteWidth) / 2;
    const zero = PAGE.margin + CHART.labelWidth + half;
    for (const bar of bars) {
      room(CHART.row);
      const length = Math.max(1, Math.min(1, Math.abs(bar.value)) * (half - 4));
      const [r, g, b] = TONE_COLOURS[bar.tone].rgb;
      const text = { y: y + 3, size: CHART.size, font: fonts.regular };
      page.drawText(drawable(bar.label, fonts.regular), { ...text, x: PAGE.margin });
      page.drawRectangle({
        x: bar.value < 0 ? zero - length : zero,
        y: y + 1,
        width: length,
        height: CHART.row - 4,
        color: rgb(r, g, b),
      });
      page.drawLine({ start: { x: zero, y }, end: { x: zero, y: y + CHART.row }, thickness: 0.5, color: RULE.colour });
      page.drawText(drawable(bar.note, fonts.regular), { ...text, x: zero + half + 6 });
    }
    y -= SIZES.body;
  };

  for (const part of parts) {
    if (part.kind === "letterhead") drawLetterhead(part.letterhead);
    else if (part.kind === "bars") drawBars(part.bars);
    else drawBlock(part);
  }
  return pdf.save();
}
