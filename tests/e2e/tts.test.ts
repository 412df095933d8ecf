import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { logIn, newPerson, registerThroughApi } from "./people.ts";

describe("Vox Speaks in the browser", () => {
  it("generates speech that plays while it streams, downloads as MP3 and lands in the history", async ({
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await page.goto("/vox-speaks");
    await page.getByRole("button", { name: "Login" }).first().click();
    await logIn(page, person.email, person.password);
    await page.waitForURL("**/solutions");
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
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const duration = await player.evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(duration).toBeGreaterThan(2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("region", { name: "Vox Speaks" }).getByRole("button", { name: "Download mp3" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("vox-speech.mp3");
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);

    const history = page.getByRole("region", { name: "Your recent audio" });
    await history.getByText(/Good afternoon\. Vox turns every press statement/).waitFor();
    expect(await reviewAtBothSizes(page, "journey-vox-speaks")).toEqual([]);
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
