import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, type ExpectStatic } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { it } from "./fixtures.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

/**
 * About 20 MB, above the size the tools send resumably, written to disk: a file chosen again after
 * a reload must be the same file (name, size and modification time) for the upload to resume.
 */
function largeRecording(name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "vox-e2e-upload-")), name);
  writeFileSync(path, speechWav(640));
  return path;
}

/** Slows the page's uploads, so the test can act while one is under way. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function uploadedPercent(page: Page): Promise<number> {
  const text = (await page.locator(".upload-progress").first().textContent()) ?? "";
  return Number(/Uploading (\d+)%/.exec(text)?.[1] ?? 0);
}

async function waitForPercent(expect: ExpectStatic, page: Page, atLeast: number): Promise<number> {
  await expect.poll(() => uploadedPercent(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(atLeast);
  return uploadedPercent(page);
}

// Side by side: each test mostly waits on its own throttled upload and job, and neither shares an account.
describe.concurrent("resumable uploads in the browser", () => {
  it("a large VoxRelease upload survives the network going offline mid-way and becomes a press release", async ({
    expect,
    page,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/voxrelease");
    await throttleUploads(page, 2 * 1024 * 1024);
    const tool = page.getByRole("region", { name: "VoxRelease" });
    await tool.locator('input[type="file"]').setInputFiles(largeRecording("town-hall.wav"));
    await tool.getByRole("button", { name: "Generate press release" }).click();
    await waitForPercent(expect, page, 20);
    await expect.poll(() => page.locator(".upload-progress").first().textContent()).toMatch(/\/s · .+ left/);

    await page.context().setOffline(true);
    await page.getByText("Connection lost, retrying…").waitFor({ timeout: 60_000 });
    const whileOffline = await uploadedPercent(page);
    await page.waitForTimeout(1500);
    await page.context().setOffline(false);

    await page.waitForURL(/\?release=[0-9a-f-]{36}$/, { timeout: 120_000 });
    expect(await uploadedPercent(page).catch(() => 100)).toBeGreaterThanOrEqual(whileOffline);
    const release = page.getByRole("region", { name: "Press release from town-hall.wav" });
    await release.getByText("Ready").waitFor({ timeout: 120_000 });
    expect(((await release.getByRole("heading", { level: 1 }).textContent()) ?? "").length).toBeGreaterThan(10);
  });

  it("a large Vox Sentiment upload resumes after a reload from where it stopped, and the report is kept", async ({
    expect,
    page,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/vox-sentiment");
    await throttleUploads(page, 2 * 1024 * 1024);
    const file = largeRecording("call-in-show.wav");
    const tool = page.getByRole("region", { name: "Vox Sentiment" });
    await tool.locator('input[type="file"]').setInputFiles(file);
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();
    const before = await waitForPercent(expect, page, 30);

    await page.reload();
    await throttleUploads(page, 2 * 1024 * 1024);
    await tool.locator('input[type="file"]').setInputFiles(file);
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();
    // Read from the resumed upload's own progress line (the picker has one too); it may finish and
    // go before it is read, which counts as 100 %.
    const resumed = page.locator(".upload-progress", { hasText: "resumed where it stopped" }).first();
    await resumed.waitFor();
    const resumedText = await resumed.textContent({ timeout: 1000 }).catch(() => "Uploading 100%");
    expect(Number(/Uploading (\d+)%/.exec(resumedText ?? "")?.[1])).toBeGreaterThanOrEqual(before - 30);

    await page.getByText("Audio Transcribe Successfully").waitFor({ timeout: 120_000 });
    const report = page.getByRole("dialog", { name: "Sentiment report" });
    await report.waitFor();
    await report.getByRole("button", { name: "Close" }).click();

    const history = page.getByRole("region", { name: "Your past reports" });
    await history.getByText("Ready").waitFor();
    await history.getByRole("button", { name: /^call-in-show\.wav/ }).click();
    await report.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      report.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("call-in-show-sentiment.json");
    await report.getByRole("button", { name: "Close" }).click();
    await history.getByRole("button", { name: "Delete the report on call-in-show.wav" }).click();
    await page.getByRole("dialog", { name: "Delete this report?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Report deleted").waitFor();
    await expect.poll(() => history.count()).toBe(0);
  });
});
