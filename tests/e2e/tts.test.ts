import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

describe("Vox Speaks in the browser", () => {
  it("generates speech that plays while it streams, downloads as MP3 and lands in the history", async ({
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/vox-speaks");

    await page.getByRole("button", { name: "Generate Speech" }).click();
    await page.getByText("Type the text to speak").waitFor();
    await page.getByText("Choose a voice", { exact: true }).last().waitFor();

    await page.getByLabel("Text").fill("Good afternoon. Vox turns every press statement into clear, natural speech.");
    expect(await page.getByText(/^\d+ \/ 10,000 characters$/).textContent()).toBe("75 / 10,000 characters");
    await page.getByLabel("Voice", { exact: true }).selectOption({ label: "Tunde · nigerian" });
    await page.getByRole("button", { name: "Generate Speech" }).click();

    const player = page.getByLabel("Generated speech");
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const duration = await player.evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(duration).toBeGreaterThan(2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("region", { name: "Vox Speaks" }).getByRole("button", { name: "Download mp3" }).click(),
    ]);
    // Named for what it says (cut after a whole word) and the day.
    expect(download.suggestedFilename()).toMatch(
      /^good-afternoon-vox-turns-every-press-statement-into-clear-\d{4}-\d{2}-\d{2}\.mp3$/,
    );
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);

    const history = page.getByRole("region", { name: "Your recent audio" });
    await history.getByText(/Good afternoon\. Vox turns every press statement/).waitFor();
    expect(await reviewAtBothSizes(page, "journey-vox-speaks")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("speaks Yorùbá: the Language control offers only Yorùbá voices, adds tone marks and is remembered", async ({
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/vox-speaks");

    const language = page.getByLabel("Language", { exact: true });
    expect(await language.locator("option").allTextContents()).toEqual([
      "English (Nigeria)",
      "Yorùbá",
      "Hausa",
      "Igbo",
      "Naijá (Pidgin)",
    ]);
    await language.selectOption({ label: "Yorùbá" });
    const voice = page.getByLabel("Voice", { exact: true });
    await voice.locator("option", { hasText: "Sade" }).waitFor({ state: "attached" });
    expect(await voice.locator("option").allTextContents()).toEqual([
      "Choose a voice",
      "Sade · nigerian",
      "Segun · nigerian",
      "Femi · nigerian",
      "Funmi · nigerian",
    ]);

    await page.getByLabel("Text").fill("E kaaaro, a dupe lowo gbogbo yin fun didara po mo wa lonii.");
    await page.getByRole("button", { name: "Add tone marks" }).click();
    await expect
      .poll(() => page.getByLabel("Text").inputValue())
      .toBe("Ẹ káàárọ̀, a dúpẹ́ lọ́wọ́ gbogbo yín fún dídára pọ̀ mọ́ wa lónìí.");

    await voice.selectOption({ label: "Sade · nigerian" });
    await page.getByRole("button", { name: "Generate Speech" }).click();
    const download = page.getByRole("region", { name: "Vox Speaks" }).getByRole("button", { name: "Download mp3" });
    await expect.poll(() => download.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(
      /^e-kaaaro-a-dupe-lowo-gbogbo-yin-fun-didara-po-mo-wa-lonii-\d{4}-\d{2}-\d{2}\.mp3$/,
    );
    const bytes = readFileSync((await file.path()) as string);
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);

    // The choice is the account's: a fresh page opens in Yorùbá, and so does the account elsewhere.
    await page.reload();
    expect(await page.getByLabel("Language", { exact: true }).inputValue()).toBe("yo");
    await page.evaluate(() => localStorage.removeItem("vox_language"));
    await page.reload();
    await expect.poll(() => page.getByLabel("Language", { exact: true }).inputValue()).toBe("yo");
    expect(errors).toEqual([]);
  });

  it("loads the voice list as a phone visitor reaches the voice picker, not while the page loads", async ({
    openPage,
  }) => {
    const { page, errors } = await openPage("mobile");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/tts/voices") asked.push(request.url());
    });
    await page.goto("/vox-speaks");
    await page.waitForLoadState("networkidle");
    const voice = page.getByLabel("Voice", { exact: true });
    expect(asked).toEqual([]);
    expect(await voice.isDisabled()).toBe(true);
    expect(await voice.locator("option").allTextContents()).toEqual(["Loading voices…"]);

    await voice.scrollIntoViewIfNeeded();
    await voice.locator("option", { hasText: "Tunde · nigerian" }).waitFor({ state: "attached" });
    expect(asked).toHaveLength(1);
    await voice.selectOption({ label: "Tunde · nigerian" });
    expect(errors).toEqual([]);
  });
});
