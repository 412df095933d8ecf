import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES, LANGUAGES } from "../../worker/contracts/languages.ts";
import { SPEECH_LANGUAGES, TRANSCRIPTION_LANGUAGES } from "../../worker/providers/contracts/spitch.ts";
import { ROUTES, speechProvider } from "../../worker/routing.ts";

/** The routing table only sends a language to a provider that documents it. */
describe("the language routing table", () => {
  it("names every language as its speakers write it", () => {
    expect(LANGUAGES.map((language) => LANGUAGE_NAMES[language])).toEqual([
      "English (Nigeria)",
      "Yorùbá",
      "Hausa",
      "Igbo",
      "Naijá (Pidgin)",
    ]);
  });

  it("speaks English through ElevenLabs as before and the other four through Spitch", () => {
    expect(LANGUAGES.map(speechProvider)).toEqual(["elevenlabs", "spitch", "spitch", "spitch", "spitch"]);
    for (const language of LANGUAGES) expect(SPEECH_LANGUAGES).toContain(language);
  });

  it("never sends a recording to Spitch transcription in a language it does not list; refusals say why", () => {
    for (const [tool, row] of Object.entries(ROUTES)) {
      for (const [language, route] of Object.entries(row)) {
        if (!route.served) {
          expect(route.message, `${tool} ${language}`).toMatch(/English \(Nigeria\)/);
          continue;
        }
        const transcribes = route.stages.some((stage) => stage.provider === "spitch" && /transcribe/.test(stage.does));
        if (transcribes) expect(TRANSCRIPTION_LANGUAGES, `${tool} ${language}`).toContain(language);
      }
    }
    expect(ROUTES.sentiment.pcm.served).toBe(false);
    expect(ROUTES.live.yo.served).toBe(false);
  });
});
