import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { formatBillingDate } from "../billing/contracts/billing-figures.ts";
import { xmlText } from "../core/xml-text.ts";
import { clockTime, speakerNamer } from "./contracts/transcript-formats.ts";
import type { ExportableTranscript } from "./exportable.ts";

/** A Word document: the title as a heading, then each turn as "Name  01:23" in bold and what was said. */
export async function transcriptDocx(transcript: ExportableTranscript): Promise<ArrayBuffer> {
  const name = speakerNamer(transcript.utterances, transcript.names);
  const title = xmlText(transcript.title);
  const document = new Document({
    title,
    creator: "Vox",
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }),
          new Paragraph({
            spacing: { after: 240 },
            children: [new TextRun({ text: formatBillingDate(transcript.createdAt), italics: true })],
          }),
          ...transcript.utterances.map(
            (utterance) =>
              new Paragraph({
                spacing: { after: 160 },
                children: [
                  new TextRun({
                    text: xmlText(`${name(utterance.speaker)}  ${clockTime(utterance.start)}`),
                    bold: true,
                  }),
                  new TextRun({ text: xmlText(utterance.text), break: 1 }),
                ],
              }),
          ),
        ],
      },
    ],
  });
  return Packer.toArrayBuffer(document);
}
