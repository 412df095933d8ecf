import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { newSession, storeSession } from "./people.ts";

it.override("microphone", { speechSeconds: 6 });

describe("speakers in live captions and the kept transcript", () => {
  it("a briefing with a journalist: both speakers are named on VoxScribe and on a 320 px /watch, then in the kept transcript, renamed and exported", async ({
    openPage,
  }) => {
    const speaker = await openPage("desktop");
    const { page } = speaker;
    await storeSession(page, await newSession());
    await page.goto("/voxscribe");
    await page.getByText("of live transcription left this month").waitFor();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByRole("button", { name: "Share captions" }).click();
    const link = page.getByLabel("Caption link");
    await expect.poll(() => link.inputValue()).toMatch(/\/watch\/[\w-]{43}$/);

    const viewer = await openPage("mobile", { size: { width: 320, height: 640 } });
    await viewer.page.goto(new URL(await link.inputValue()).pathname);
    const log = viewer.page.getByRole("log");
    // The sandbox's journalist asks the second sentence: from then on each change of speaker is named.
    await expect
      .poll(() => log.locator(".captions__speaker").allTextContents(), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(["Speaker 1: ", "Speaker 2: "]));
    expect(await log.locator("p").first().textContent()).toMatch(/^Speaker 1: \S/);
    expect(await layoutProblems(viewer.page, "mobile")).toEqual([]);
    expect(await seriousAxeViolations(viewer.page)).toEqual([]);

    const transcript = page.getByRole("region", { name: "Transcript", exact: true });
    await expect
      .poll(() => transcript.locator(".transcript__speaker").allTextContents(), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(["Speaker 1: ", "Speaker 2: "]));
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("button", { name: "Export SRT" }).waitFor();

    const item = page.getByRole("region", { name: "Saved transcripts" }).getByRole("listitem").first();
    await item.getByRole("button", { name: /^Transcript of/ }).click();
    const opened = item.getByRole("region", { name: /^Transcript:/ });
    const speakers = opened.locator(".utterance__speaker");
    await expect.poll(() => speakers.allTextContents()).toEqual(expect.arrayContaining(["Speaker 1", "Speaker 2"]));
    await opened.getByRole("button", { name: "Rename Speaker 2" }).click();
    await opened.getByLabel("Name for Speaker 2").fill("Journalist");
    await opened.getByRole("button", { name: "Save" }).click();
    await opened.getByText("Speaker 2 is now Journalist throughout the transcript.").waitFor();
    expect(await speakers.allTextContents()).toContain("Journalist");

    const exports = opened.getByRole("group", { name: "Export the transcript" });
    for (const [format, journalist] of [
      ["SRT", "\nJournalist: "],
      ["VTT", "<v Journalist>"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exports.getByRole("button", { name: format }).click(),
      ]);
      const text = readFileSync((await download.path()) as string, "utf8");
      expect(text, format).toContain(journalist);
      expect(text, format).toContain(format === "SRT" ? "\nSpeaker 1: " : "<v Speaker 1>");
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(viewer.errors).toEqual([]);
    expect(speaker.errors).toEqual([]);
  }, 180_000);
});
