import { readFileSync } from "node:fs";
import type { Request } from "playwright-core";
import { describe, expect } from "vitest";
import type { SentimentJob } from "../../worker/reports/contracts/sentiment.ts";
import { twoSpeakerWav } from "../fixtures/speech-wav.ts";
import { baseUrl, seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import { newSession, storeSession } from "./people.ts";
import { reportOnUpload } from "./reports.ts";

describe("transcripts with speakers and times", () => {
  it("a two-speaker recording's report shows both speakers with times, plays from a clicked word, renames and exports", async ({
    page,
    errors,
  }) => {
    const session = await newSession();
    const job = await reportOnUpload(session, twoSpeakerWav(18), "briefing.wav");
    expect(job.status).toBe("completed");
    const utterances = job.report?.utterances ?? [];
    expect(new Set(utterances.map((utterance) => utterance.speaker)).size).toBe(2);

    await storeSession(page, session);
    await page.goto("/vox-sentiment");
    await page
      .getByRole("region", { name: "Your past reports" })
      .getByRole("button", { name: /^briefing\.wav/ })
      .click();
    const report = page.getByRole("dialog", { name: "Sentiment report" });
    const transcript = report.getByRole("region", { name: "Transcript", exact: true });
    await transcript.waitFor();

    expect(await transcript.getByRole("list", { name: "Speakers" }).getByRole("listitem").allTextContents()).toEqual([
      "Speaker 1",
      "Speaker 2",
    ]);
    const lines = transcript.locator(".utterance");
    expect(await lines.locator(".utterance__speaker").allTextContents()).toEqual(
      utterances.map((utterance) => (utterance.speaker === utterances[0]?.speaker ? "Speaker 1" : "Speaker 2")),
    );
    // The first turn of the second speaker.
    const turn = utterances.findIndex((utterance) => utterance.speaker !== utterances[0]?.speaker);
    const second = utterances[turn];
    if (!second) throw new Error("one speaker only");
    const secondTime = `0:00:${String(Math.floor(second.start)).padStart(2, "0")}`;
    expect(await lines.nth(turn).locator(".utterance__time").textContent()).toBe(secondTime);

    // A word of the second speaker's turn: the recording loads, then plays from that word.
    const recordingRequests: Request[] = [];
    page.on("request", (request) => {
      if (/\/api\/(media\/|sentiment\/[^/]+\/audio$)/.test(new URL(request.url()).pathname))
        recordingRequests.push(request);
    });
    const word = second.words?.[2] ?? { text: second.text.split(" ")[0] ?? "", start: second.start };
    await lines
      .nth(turn)
      .locator(".word")
      .nth(second.words ? 2 : 0)
      .click();
    const audio = transcript.locator("audio");
    await audio.waitFor();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(word.start - 0.05);
    // Nothing before the word was played: the player jumped there rather than playing up to it.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => (element.played.length ? element.played.start(0) : -1)))
      .toBeGreaterThanOrEqual(word.start - 0.05);
    const spoken = await transcript.locator('[aria-current="time"]').textContent();
    expect(second.text.split(" ")).toContain(spoken);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
    // Streamed as it plays, through a media URL, in ranges: never fetched whole before playing.
    expect(await audio.getAttribute("src")).toMatch(new RegExp(`^${baseUrl()}/api/media/`));
    expect(recordingRequests.map((request) => new URL(request.url()).pathname.split("/")[2])).not.toContain(
      "sentiment",
    );
    const ranges = await Promise.all(recordingRequests.map(async (request) => (await request.allHeaders()).range));
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((range) => /^bytes=\d+-/.test(range ?? ""))).toBe(true);

    // Renamed once, everywhere, and kept.
    await transcript.getByRole("button", { name: "Rename Speaker 2" }).click();
    await transcript.getByLabel("Name for Speaker 2").fill("Journalist");
    await transcript.getByRole("button", { name: "Save" }).click();
    await transcript.getByText("Speaker 2 is now Journalist throughout the transcript.").waitFor();
    expect(await lines.nth(turn).locator(".utterance__speaker").textContent()).toBe("Journalist");
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl()}/api/sentiment/${job.id}`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        return ((await response.json()) as SentimentJob).speaker_names;
      })
      .toEqual({ [second.speaker]: "Journalist" });

    const exports = transcript.getByRole("group", { name: "Export the transcript" });
    for (const [format, start] of [
      ["SRT", "1\n"],
      ["VTT", "WEBVTT"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exports.getByRole("button", { name: format }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
      const text = readFileSync((await download.path()) as string, "utf8");
      expect(text.startsWith(start)).toBe(true);
      expect(text).toContain("Journalist");
      expect(text).toContain("-->");
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
