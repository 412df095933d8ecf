import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

// Chromium's fake microphone (a steady tone) stands in for a person speaking.
it.override("microphone", "tone");

describe("VoxOver in the browser", () => {
  it("records, discards, records again, converts and downloads an MP3", async ({ page, errors }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/voxover");

    await page.getByRole("button", { name: "Record with microphone" }).click();
    await page.getByText("Recording 0:01").waitFor();
    await expect
      .poll(() => page.getByLabel("Input level").evaluate((meter: HTMLMeterElement) => meter.value))
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByLabel("Original audio").waitFor();

    await page.getByRole("button", { name: "Discard this audio" }).click();
    expect(await page.getByLabel("Original audio").count()).toBe(0);

    await page.getByRole("button", { name: "Record with microphone" }).click();
    await page.getByText("Recording 0:02").waitFor();
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByLabel("Original audio").waitFor();

    await page.getByLabel("Voice", { exact: true }).selectOption({ label: "Amara · british" });
    await page.getByRole("button", { name: "Convert" }).click();
    const converted = page.getByLabel("Converted audio");
    await converted.waitFor({ timeout: 60_000 });
    await expect.poll(() => converted.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("region", { name: "VoxOver" }).getByRole("button", { name: "Download mp3" }).click(),
    ]);
    // Named for the recording it was made from and the day, not one name for every file.
    expect(download.suggestedFilename()).toMatch(/^recording-converted-\d{4}-\d{2}-\d{2}\.mp3$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);
    await page.getByRole("region", { name: "Your recent audio" }).getByRole("listitem").first().waitFor();
    expect(await reviewAtBothSizes(page, "journey-voxover")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
