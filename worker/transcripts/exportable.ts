import type { SpeakerNames, Utterance } from "./contracts/transcript.ts";

/** A transcript to download: what it is called, when it was made, who said what, and their names. */
export interface ExportableTranscript {
  readonly title: string;
  readonly createdAt: string;
  readonly utterances: readonly Utterance[];
  readonly names: SpeakerNames;
}
