import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { briefingSentence, translateText } from "../../worker/sandbox/spitch-corpus.ts";
import { it } from "./fixtures.ts";
import { newSession, storeSession } from "./people.ts";

it.override("microphone", { speechSeconds: 8 });

const SPOKEN = [
  { code: "yo", name: "Yorùbá" },
  { code: "ha", name: "Hausa" },
] as const;

describe("live Yorùbá and Hausa from the browser", () => {
  it.for(SPOKEN)(
    "a speaker chooses $name on VoxScribe and speaks: the page sends its WebM Opus, and captions appear in $name on the page and on the shared /watch link, where a reader of English reads them in English",
    async ({ code, name }, { openPage }) => {
      const spoken = Array.from({ length: 7 }, (_, i) => briefingSentence(code, i));
      const inSpoken = (text: string | null) => spoken.some((sentence) => text?.includes(sentence));
      const english = spoken.map((sentence) => translateText(sentence, code, "en"));
      const inEnglish = (text: string | null) => english.some((sentence) => text?.includes(sentence));
      const speaker = await openPage("desktop");
      const { page } = speaker;
      await storeSession(page, await newSession());
      const tickets: unknown[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/live/ticket")) tickets.push(request.postDataJSON());
      });
      await page.goto("/voxscribe");
      await page.getByText("of live transcription left this month").waitFor();
      await page.getByLabel("Language").selectOption({ label: name });
      await page.getByRole("button", { name: "Start recording" }).click();
      await page.getByRole("button", { name: "Share captions" }).click();
      const link = page.getByLabel("Caption link");
      await expect.poll(() => link.inputValue()).toMatch(/\/watch\/[\w-]{43}$/);

      const viewer = await openPage("desktop");
      await viewer.page.goto(new URL(await link.inputValue()).pathname);
      const transcript = page.getByRole("region", { name: "Transcript", exact: true });
      await expect.poll(() => transcript.textContent().then(inSpoken), { timeout: 60_000 }).toBe(true);
      const captions = viewer.page.getByRole("log").locator("p");
      await expect.poll(() => captions.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
      for (const line of await captions.allTextContents()) expect(inSpoken(line), line).toBe(true);

      // A reader of English on the same link reads the talk in English.
      await viewer.page.getByLabel("Language").selectOption("en");
      const inTranslation = viewer.page.getByRole("log").locator('p[lang="en"]');
      await expect.poll(() => inTranslation.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
      for (const line of await inTranslation.allTextContents()) expect(inEnglish(line), line).toBe(true);

      // The page asked for its language in its own audio (webm-opus, the default): the relay did the decoding,
      // and AssemblyAI's emulator hears nothing in WebM bytes.
      expect(tickets).toEqual([{ language: code }]);
      await stop(page);
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(speaker.errors).toEqual([]);
      expect(viewer.errors).toEqual([]);
    },
  );
});

async function stop(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Stop recording" }).click();
  await page.getByRole("button", { name: "Export SRT" }).waitFor();
}
