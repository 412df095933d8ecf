import { strFromU8, unzlibSync } from "fflate";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef } from "pdf-lib";

interface PageContent {
  /** Each string the page draws, in order, with the line (its text matrix's y) it is drawn on. */
  readonly strings: { readonly text: string; readonly y: string | undefined }[];
  /** The fill colour (`r g b`, as drawn) of each filled shape, in order. */
  readonly fills: string[];
}

/**
 * What a reader's search and copy read from each page: every string drawn is mapped through its
 * font's ToUnicode table (a font without one, such as the standard Helvetica, reads as Latin-1
 * bytes).
 */
async function pagesOf(bytes: Uint8Array): Promise<PageContent[]> {
  const pdf = await PDFDocument.load(bytes);
  const resolve = (object: PDFObject | undefined) => (object instanceof PDFRef ? pdf.context.lookup(object) : object);
  const streamText = (object: PDFObject | undefined): string => {
    const stream = resolve(object);
    if (!(stream instanceof PDFRawStream)) throw new Error("not a stream");
    const filter = stream.dict.get(PDFName.of("Filter"));
    return strFromU8(filter ? unzlibSync(stream.contents) : stream.contents, true);
  };

  return pdf.getPages().map((page) => {
    const fonts = new Map<string, ((hex: string) => string) | null>();
    const fontDict = resolve(page.node.Resources()?.get(PDFName.of("Font")));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = resolve(ref);
        const toUnicode = font instanceof PDFDict ? font.get(PDFName.of("ToUnicode")) : undefined;
        fonts.set(name.asString(), toUnicode ? glyphMap(streamText(toUnicode)) : null);
      }
    }
    const contents = resolve(page.node.get(PDFName.of("Contents")));
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = parts.map((part) => streamText(part)).join("\n");

    let font: ((hex: string) => string) | null = null;
    let y: string | undefined;
    let colour = "0 0 0";
    const strings: PageContent["strings"] = [];
    const fills: string[] = [];
    const ops =
      /(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj|(\S+ \S+ \S+) rg|^(f)$/gm;
    for (const [, fontName, lineY, hex, fill, filled] of content.matchAll(ops)) {
      if (fontName) font = fonts.get(fontName) ?? null;
      else if (lineY !== undefined) y = lineY;
      else if (hex !== undefined) strings.push({ text: font ? font(hex) : latin1(hex), y });
      else if (fill) colour = fill;
      else if (filled) fills.push(colour);
    }
    return { strings, fills };
  });
}

/** The text of each page, a change of line starting a new line. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  return (await pagesOf(bytes)).map(({ strings }) => {
    let text = "";
    strings.forEach(({ text: string, y }, index) => {
      if (index > 0 && y !== strings[index - 1]?.y) text += "\n";
      text += string;
    });
    return text;
  });
}

/**
 * Every string the pages draw, in order, one space between strings (the writer gives each word but
 * a line's last its space), the fill colour of each filled shape, and the number of pages.
 */
export async function pdfContent(bytes: Uint8Array): Promise<{ text: string; fills: string[]; pages: number }> {
  const pages = await pagesOf(bytes);
  return {
    text: pages
      .flatMap(({ strings }) => strings.map(({ text }) => text))
      .join(" ")
      .replace(/\s+/g, " "),
    fills: pages.flatMap(({ fills }) => fills),
    pages: pages.length,
  };
}

const latin1 = (hex: string) =>
  String.fromCharCode(...(hex.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)));

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode CMap's `bfchar` and `bfrange` entries, as a reader of two-byte glyph codes. */
function glyphMap(cmap: string): (hex: string) => string {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(code ?? "", 16), utf16(unicode ?? ""));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, rest] of (block[1] ?? "").matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      const start = Number.parseInt(from ?? "", 16);
      const end = Number.parseInt(to ?? "", 16);
      const targets = (rest ?? "").startsWith("[") ? [...(rest ?? "").matchAll(/<([0-9A-Fa-f]+)>/g)] : [];
      for (let code = start; code <= end; code++) {
        if (targets.length) map.set(code, utf16(targets[code - start]?.[1] ?? ""));
        else {
          const first = utf16((rest ?? "").slice(1, -1));
          const last = first.charCodeAt(first.length - 1) + (code - start);
          map.set(code, first.slice(0, -1) + String.fromCharCode(last));
        }
      }
    }
  }
  return (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(Number.parseInt(code, 16)) ?? "\uFFFD").join("");
}
