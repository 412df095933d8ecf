import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { baseUrl, screenshot, seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

async function signedInAt(page: Page, path: string) {
  const person = newPerson();
  await registerThroughApi(person);
  await signInThroughApi(page, person);
  await page.goto(path);
}

const recording = (name: string, seconds: number) => ({
  name,
  mimeType: "audio/wav",
  buffer: Buffer.from(speechWav(seconds)),
});

describe("Vox Sentiment in the browser", () => {
  it("asks for a file, then uploads a speech WAV and shows the report with every field", async ({ page, errors }) => {
    await signedInAt(page, "/vox-sentiment");
    const tool = page.getByRole("region", { name: "Vox Sentiment" });
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();
    await page.getByText("No file selected").waitFor();

    await tool.locator('input[type="file"]').setInputFiles(recording("town-hall.wav", 24));
    await tool.getByText("town-hall.wav").waitFor();
    await tool.getByText("Completed").waitFor();
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();
    await page.getByText("Audio Transcribe Successfully").waitFor();

    const report = page.getByRole("dialog", { name: "Sentiment report" });
    await report.waitFor();
    const transcript = (await report.locator(".report__transcript").textContent()) ?? "";
    expect(transcript.split(" ").length).toBeGreaterThan(20);
    for (const label of ["Average sentiment", "Sentiment score", "Topic", "Intent", "Summary"]) {
      const value = await report.locator(".report__field", { hasText: label }).locator("dd").first().textContent();
      expect(value, label).not.toBe("Not Available");
    }
    expect(await report.locator(".segment").count()).toBe(6);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await reviewAtBothSizes(page, "journey-sentiment-report")).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      report.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("town-hall-sentiment.json");
    const json = JSON.parse(readFileSync((await download.path()) as string, "utf8"));
    expect(json.results.channels[0].alternatives[0].transcript).toBe(transcript);

    await report.getByRole("button", { name: "Close" }).click();
    await tool.getByRole("button", { name: "View report for town-hall.wav" }).click();
    await report.waitFor();
    expect(errors).toEqual([]);
  });

  it("a 2 MB recording sent in one request plays from its report, and a clicked time plays from there", async ({
    page,
    errors,
  }) => {
    await signedInAt(page, "/vox-sentiment");
    const tool = page.getByRole("region", { name: "Vox Sentiment" });
    const file = recording("small-briefing.wav", 68);
    expect(file.buffer.length).toBeGreaterThan(2_000_000);
    await tool.locator('input[type="file"]').setInputFiles(file);
    await tool.getByText("Completed").waitFor();
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();
    const report = page.getByRole("dialog", { name: "Sentiment report" });
    await report.waitFor();
    // Before, a recording sent in one request was not kept, so its report offered no player.
    await report.getByRole("button", { name: "Play the recording" }).waitFor({ timeout: 30_000 });

    // The last underlined time in the report: the player loads and starts there, not at 0.
    const times = report.getByRole("button", { name: /^Play from \d+:\d\d:\d\d$/ });
    const last = times.last();
    const label = (await last.getAttribute("aria-label")) ?? "";
    const [hours = 0, minutes = 0, seconds = 0] = label.replace("Play from ", "").split(":").map(Number);
    const start = hours * 3600 + minutes * 60 + seconds;
    expect(start).toBeGreaterThan(10);
    await last.click();
    const audio = report.locator("audio");
    await audio.waitFor();
    expect(await audio.getAttribute("src")).toMatch(new RegExp(`^${baseUrl()}/api/media/`));
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(start - 0.05);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
    await screenshot(page, "small-recording-report-player");
    expect(errors).toEqual([]);
  });

  it("refuses a document before uploading it, and says Error when the analysis service fails", async ({ openPage }) => {
    const { page } = await openPage("mobile");
    await signedInAt(page, "/vox-sentiment");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await page.getByRole("alert").filter({ hasText: "is not an audio or video file" }).waitFor();
    expect(await page.getByText("Completed").count()).toBe(0);

    const fault = await fetch(`${baseUrl()}/__sandbox/faults/deepgram-listen`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1, status: 503 }),
    });
    expect(fault.status).toBe(200);
    await page.locator('input[type="file"]').setInputFiles(recording("call.wav", 3));
    await page.getByRole("button", { name: "Use Vox Sentiment" }).click();
    await page.getByText("The analysis service is not answering. Please try again shortly.").waitFor();
    expect(await page.getByText("Error", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("dialog", { name: "Sentiment report" }).count()).toBe(0);
    await screenshot(page, "journey-sentiment-error-mobile");
  });
});

describe("VoxRelease in the browser", () => {
  it("starts a press release, survives a reload mid-way, completes, and copies the text", async ({ page, errors }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInAt(page, "/voxrelease");
    const tool = page.getByRole("region", { name: "VoxRelease" });
    await tool.locator('input[type="file"]').setInputFiles(recording("minister-briefing.wav", 30));
    await tool.getByRole("button", { name: "Generate press release" }).click();
    await page.waitForURL(/\?release=[0-9a-f-]{36}$/);
    const release = page.getByRole("region", { name: "Press release from minister-briefing.wav" });
    await release.waitFor();
    expect(await release.getByRole("heading", { level: 1 }).count()).toBe(0);

    await page.reload();
    await release.getByText("Ready").waitFor({ timeout: 90_000 });
    const headline = release.getByRole("heading", { level: 1 });
    await headline.waitFor();
    expect(((await headline.textContent()) ?? "").length).toBeGreaterThan(10);

    await release.getByRole("button", { name: "Copy as rich text" }).click();
    await page.getByText("Press release copied with its formatting").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`${await headline.textContent()}\n\n`)).toBe(true);

    const list = page.getByRole("region", { name: "Your press releases" });
    await list.getByText("minister-briefing.wav").waitFor();
    await list.getByText("Ready").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await reviewAtBothSizes(page, "journey-press-release")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
