import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { xmlText } from "../../core/xml-text.ts";
import type { Block } from "../contracts/release-markdown.ts";

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** A Word document with real heading styles and bold runs, so Word and Google Docs keep the structure. */
export async function releaseDocx(blocks: readonly Block[], title: string): Promise<ArrayBuffer> {
  const document = new Document({
    title: xmlText(title),
    creator: "Vox",
    sections: [
      {
        children: blocks.map(
          (block) =>
            new Paragraph({
              heading: block.kind === "heading" ? HEADINGS[block.level] : undefined,
              spacing: { after: 160 },
              children: block.runs.map(
                (run) => new TextRun({ text: xmlText(run.text), bold: run.bold, italics: run.italic }),
              ),
            }),
        ),
      },
    ],
  });
  return Packer.toArrayBuffer(document);
}
