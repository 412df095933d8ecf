import type { Letterhead } from "../../organisation/contracts/letterhead.ts";
import type { Block } from "../contracts/release-markdown.ts";

/**
 * What the DOCX and PDF writers (`docx.ts`, `pdf.ts`) lay out: text blocks as a release has them,
 * the press kit's letterhead, and a bar chart. A document is built once as these parts and both
 * writers draw the same parts, so the Word and PDF copies of one document say the same things.
 */

export type Tone = "positive" | "neutral" | "negative";

/** One bar: a value from −1 to 1, drawn to the right when above 0 and to the left below it. */
export interface Bar {
  readonly label: string;
  readonly value: number;
  readonly tone: Tone;
  /** Said beside the bar, so the chart reads without its colours. */
  readonly note: string;
}

export type DocumentPart =
  | Block
  | { readonly kind: "letterhead"; readonly letterhead: Letterhead }
  | { readonly kind: "bars"; readonly bars: readonly Bar[] };

/** Colours of a bar by its tone, as 6-digit hex (Word's form) and as RGB from 0 to 1 (PDF's). */
export const TONE_COLOURS = {
  positive: { hex: "2E7D32", rgb: [0.18, 0.49, 0.2] },
  neutral: { hex: "757575", rgb: [0.46, 0.46, 0.46] },
  negative: { hex: "C62828", rgb: [0.78, 0.16, 0.16] },
} as const satisfies Record<Tone, { hex: string; rgb: readonly [number, number, number] }>;

/** The letterhead as the first part, when the account has one. */
export const withLetterhead = (letterhead: Letterhead | null | undefined, parts: readonly DocumentPart[]) =>
  letterhead ? [{ kind: "letterhead" as const, letterhead }, ...parts] : [...parts];
