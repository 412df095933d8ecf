import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { xmlText } from "../../core/xml-text.ts";
import type { Letterhead } from "../../organisation/contracts/letterhead.ts";
import type { Block } from "../contracts/release-markdown.ts";
import { type Bar, type DocumentPart, TONE_COLOURS, withLetterhead } from "./document-parts.ts";

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** A Word document with real heading styles and bold runs, so Word and Google Docs keep the structure. */
export async function releaseDocx(
  blocks: readonly Block[],
  title: string,
  letterhead?: Letterhead | null,
): Promise<ArrayBuffer> {
  return documentDocx(withLetterhead(letterhead, blocks), title);
}

/** A Word document of the parts the PDF writer draws too (`document-parts.ts`). */
export async function documentDocx(parts: readonly DocumentPart[], title: string): Promise<ArrayBuffer> {
  const document = new Document({
    title: xmlText(title),
    creator: "Vox",
    sections: [{ children: parts.flatMap(partChildren) }],
  });
  return Packer.toArrayBuffer(document);
}

function partChildren(part: DocumentPart): (Paragraph | Table)[] {
  if (part.kind === "letterhead") return letterheadParagraphs(part.letterhead);
  if (part.kind === "bars") return [barTable(part.bars)];
  return [
    new Paragraph({
      heading: part.kind === "heading" ? HEADINGS[part.level] : undefined,
      spacing: { after: 160 },
      children: part.runs.map((run) => new TextRun({ text: xmlText(run.text), bold: run.bold, italics: run.italic })),
    }),
  ];
}

const GREY = "595959";

/** The organisation's name large, its other lines small, and a rule under them, as a letter's head. */
function letterheadParagraphs({ name, lines }: Letterhead): Paragraph[] {
  return [
    new Paragraph({ children: [new TextRun({ text: xmlText(name), bold: true, size: 32 })] }),
    ...lines.map(
      (line, index) =>
        new Paragraph({
          children: [new TextRun({ text: xmlText(line), size: 18, color: GREY })],
          ...(index === lines.length - 1
            ? { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 4 } } }
            : {}),
          spacing: { after: index === lines.length - 1 ? 360 : 0 },
        }),
    ),
  ];
}

/** Block characters in a bar at full length (a value of 1). */
const BAR_CHARACTERS = 20;

/**
 * A bar chart as a table, one row a bar: the label, the bar left of the zero line when below 0
 * (right-aligned, so it grows from the line) or right of it when above, and what the bar says.
 * The bars are runs of full-block characters in the tone's colour: text, so every word processor
 * shows them and none needs a drawing.
 */
function barTable(bars: readonly Bar[]): Table {
  const cell = (children: TextRun[], width: number, alignment?: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
    new TableCell({
      width: { size: width, type: WidthType.PERCENTAGE },
      children: [new Paragraph({ alignment, children })],
    });
  const bar = (value: number, tone: Bar["tone"]) =>
    new TextRun({
      text: "█".repeat(Math.max(1, Math.round(Math.min(1, Math.abs(value)) * BAR_CHARACTERS))),
      color: TONE_COLOURS[tone].hex,
      size: 16,
    });
  const small = (text: string) => new TextRun({ text: xmlText(text), size: 16 });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: bars.map(
      (item) =>
        new TableRow({
          children: [
            cell([small(item.label)], 10),
            cell(item.value < 0 ? [bar(item.value, item.tone)] : [], 30, AlignmentType.RIGHT),
            cell(item.value < 0 ? [] : [bar(item.value, item.tone)], 30),
            cell([small(item.note)], 30),
          ],
        }),
    ),
  });
}
