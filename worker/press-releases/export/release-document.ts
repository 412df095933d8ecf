import type { Letterhead } from "../../organisation/contracts/letterhead.ts";
import { releaseBlocks, releaseHeadline } from "../contracts/release-markdown.ts";

/**
 * The release as a document, for its owner's export and for its public newsroom page alike. The
 * document libraries are loaded only when a document is asked for, so they cost every other
 * request nothing.
 */

export const RELEASE_DOCUMENT_TYPES = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
} as const;

type ReleaseDocumentFormat = keyof typeof RELEASE_DOCUMENT_TYPES;

export async function releaseDocument(
  format: ReleaseDocumentFormat,
  text: string,
  letterhead: Letterhead | null,
): Promise<ArrayBuffer | Uint8Array> {
  const blocks = releaseBlocks(text);
  const title = releaseHeadline(text);
  return format === "docx"
    ? (await import("./docx.ts")).releaseDocx(blocks, title, letterhead)
    : (await import("./pdf.ts")).releasePdf(blocks, title, letterhead);
}
