/**
 * The subject (RIFF `LIST`/`INFO` `ISBJ` chunk) of a sandbox WAV that records a press briefing with
 * a journalist's questions: two speakers. Players skip the chunk; the emulators read it, as they
 * read the rest of the header, from the recording's first bytes. Tests make such a recording with
 * `twoSpeakerWav` (tests/fixtures/speech-wav.ts).
 */
export const TWO_SPEAKER_SUBJECT = "Vox sandbox: press briefing with questions";
