import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { asWhisperWrites, briefingSentence, translateText } from "../../worker/sandbox/spitch-corpus.ts";
import { baseUrl } from "./browser.ts";
import { it } from "./fixtures.ts";
import { newSession, storeSession } from "./people.ts";

it.override("microphone", { speechSeconds: 8 });

const SPOKEN = [
  { code: "yo", name: "Yorùbá" },
  { code: "ha", name: "Hausa" },
] as const;

/** Spitch's next transcriptions answer `delayMs` late, so a correction is still on its way. */
async function slowSpitch(delayMs: number, count: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/__sandbox/faults/spitch-transcribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count, delay_ms: delayMs }),
  });
  expect(response.status).toBe(200);
}

describe("live Yorùbá and Hausa from the browser", () => {
  it.for(SPOKEN)(
    "a speaker chooses $name on VoxScribe and speaks: the page sends its WebM Opus, and captions appear in $name on the page and on the shared /watch link, where a reader of English reads them in English",
    async ({ code, name }, { openPage }) => {
      const spoken = Array.from({ length: 7 }, (_, i) => briefingSentence(code, i));
      // A line reads as the fast pass wrote it until Spitch's accurate words replace it.
      const inSpoken = (text: string | null) =>
        spoken.some((sentence) => text?.includes(sentence) || text?.includes(asWhisperWrites(sentence, code)));
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

describe("live Yorùbá's accurate pass in the browser", () => {
  it("a line heard just before the speaker's page reloads is still corrected on it once the talk carries on", async ({
    openPage,
  }) => {
    const marked = Array.from({ length: 7 }, (_, i) => briefingSentence("yo", i));
    const unmarked = marked.map((sentence) => asWhisperWrites(sentence, "yo"));
    const { page, errors } = await openPage("desktop");
    await storeSession(page, await newSession());
    await page.goto("/voxscribe");
    await page.getByText("of live transcription left this month").waitFor();
    await page.getByLabel("Language").selectOption({ label: "Yorùbá" });
    // Spitch is slow today: each line's accurate words come four seconds after it.
    await slowSpitch(4000, 20);
    try {
      await page.getByRole("button", { name: "Start recording" }).click();
      const transcript = page.getByRole("region", { name: "Transcript", exact: true });
      let heard: string | undefined;
      await expect
        .poll(
          async () => {
            const text = (await transcript.textContent()) ?? "";
            heard = unmarked.find((sentence) => text.includes(sentence));
            return heard;
          },
          { timeout: 60_000 },
        )
        .toBeDefined();
      await page.reload();
      await page.getByRole("button", { name: "Continue recording" }).click();
      const accurate = marked[unmarked.indexOf(heard as string)] as string;
      await expect.poll(() => transcript.textContent(), { timeout: 30_000 }).toContain(accurate);
      await stop(page);
      expect(errors).toEqual([]);
    } finally {
      await slowSpitch(0, 0);
    }
  });
});

async function stop(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Stop recording" }).click();
  await page.getByRole("button", { name: "Export SRT" }).waitFor();
}
