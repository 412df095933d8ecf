import { z } from "zod";
import { normalisedLine, withoutControlCharacters } from "../../contracts/control-characters.ts";
import { lineField } from "../../contracts/fields.ts";

/**
 * A transcript with speakers and times, wherever one appears: a sentiment report, a release's
 * source transcript, a saved live transcript. Times are seconds from the start of the recording.
 * `speaker` is the provider's own label as text (Deepgram's 0 → "0", AssemblyAI's "A"), so a
 * transcript never depends on which provider heard it; people see "Speaker 1", "Speaker 2"… in
 * order of first appearance until they name them (`speaker_names`).
 */

const timedWordSchema = z.object({ text: z.string(), start: z.number(), end: z.number() });

export const utteranceSchema = z.object({
  speaker: z.string(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  /** Each word's times, for a player that follows the words; absent where the provider gave none. */
  words: z.array(timedWordSchema).optional(),
});
export type Utterance = z.infer<typeof utteranceSchema>;

/** A name given to a speaker label, once for the whole transcript. */
const speakerNameSchema = lineField(60, { required: "A speaker name cannot be empty" });

/** Label → name. Labels absent from the map keep their default name. */
export const speakerNamesSchema = z.record(z.string().max(16), speakerNameSchema);
export type SpeakerNames = z.infer<typeof speakerNamesSchema>;

/**
 * Names as a `speaker_names` column holds them. Names saved before the text rule may break it, so a
 * stored map is cleaned rather than refused (reading it must not fail): controls dropped, a name
 * left empty by that forgotten.
 */
export function storedSpeakerNames(column: string): SpeakerNames {
  const parsed = z.record(z.string(), z.unknown()).safeParse(JSON.parse(column));
  if (!parsed.success) return {};
  const names: SpeakerNames = {};
  for (const [label, name] of Object.entries(parsed.data)) {
    const cleaned = typeof name === "string" ? normalisedLine(withoutControlCharacters(name.replace(/\s+/g, " "))) : "";
    if (cleaned) names[label] = cleaned;
  }
  return names;
}

/** `PATCH …/:id/speakers`: names to set; an empty string would be refused, so a name is removed with `null`. */
export const renameSpeakersBody = z.object({
  speakers: z.record(z.string().max(16), speakerNameSchema.nullable()),
});
export type RenameSpeakersBody = z.infer<typeof renameSpeakersBody>;

/** `POST …/:id/audio/url`: where the player streams the kept recording from, and until when. */
export const recordingUrlSchema = z.object({ url: z.url(), expires_at: z.iso.datetime() });

export const TRANSCRIPT_EXPORT_FORMATS = ["txt", "srt", "vtt", "docx"] as const;
export const transcriptExportQuery = z.object({ format: z.enum(TRANSCRIPT_EXPORT_FORMATS) });
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number];

/** A transcript from a provider that labels no speakers (Spitch's timed sentences): one speaker. */
export function oneSpeaker(sentences: readonly { start: number; end: number; text: string }[]): Utterance[] {
  return sentences.map((sentence) => ({ speaker: "0", start: sentence.start, end: sentence.end, text: sentence.text }));
}
