import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

/** About 20 MB: above the size the tools send resumably, so it becomes a kept recording. */
function largeRecording(name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "vox-e2e-recording-")), name);
  writeFileSync(path, speechWav(640));
  return path;
}

describe("one upload, every tool", () => {
  it("a recording uploaded once for a release makes a sentiment report too, and is deleted from Settings", {
    timeout: 300_000,
  }, async ({ page, openPage }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/uploads")
        uploads.push(request.url());
    });

    await page.goto("/voxrelease");
    const release = page.getByRole("region", { name: "VoxRelease" });
    await release.locator('input[type="file"]').setInputFiles(largeRecording("budget-briefing.wav"));
    await release.getByRole("button", { name: "Generate press release" }).click();
    await page.waitForURL(/\?release=[0-9a-f-]{36}$/, { timeout: 120_000 });
    const result = page.getByRole("region", { name: "Press release from budget-briefing.wav" });
    await result.getByText("Ready").waitFor({ timeout: 120_000 });
    const headline = ((await result.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    expect(headline.length).toBeGreaterThan(10);

    await page.goto("/vox-sentiment");
    const sentiment = page.getByRole("region", { name: "Vox Sentiment" });
    const picker = sentiment.getByRole("group", { name: "Use a recording you uploaded" });
    await picker.getByRole("radio", { name: /^budget-briefing\.wav/ }).check();
    await sentiment.getByRole("button", { name: "Use Vox Sentiment" }).click();
    await page.getByText("Audio Transcribe Successfully").waitFor({ timeout: 120_000 });
    const report = page.getByRole("dialog", { name: "Sentiment report" });
    await report.getByRole("button", { name: "Close" }).click();
    expect(uploads).toHaveLength(1);

    // The picker and the list fit a 320 px screen.
    const narrow = (await openPage("mobile")).page;
    await narrow.setViewportSize({ width: 320, height: 720 });
    await signInThroughApi(narrow, person);
    await narrow.goto("/vox-sentiment");
    await narrow.getByRole("group", { name: "Use a recording you uploaded" }).waitFor();
    expect(await layoutProblems(narrow, "mobile")).toEqual([]);
    await narrow.goto("/settings#recordings");
    await narrow.getByRole("list", { name: "Your recordings" }).waitFor();
    expect(await layoutProblems(narrow, "mobile")).toEqual([]);

    await page.goto("/settings#recordings");
    const list = page.getByRole("list", { name: "Your recordings" });
    const item = list.getByRole("listitem").filter({ hasText: "budget-briefing.wav" });
    await expect
      .poll(() => item.textContent())
      .toMatch(/Used by a sentiment report \(ready\) and the press release “.+” \(ready\)/);
    await item.getByRole("button", { name: "Delete the recording budget-briefing.wav" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this recording?" });
    expect(await confirm.textContent()).toContain(
      `It is used by a sentiment report and the press release “${headline}”`,
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Deleted" }).textContent())
      .toBe(
        `Deleted “budget-briefing.wav”. It was used by a sentiment report and the press release “${headline}”; they are kept, without the recording.`,
      );
    await expect.poll(() => page.getByText("No recordings kept.").count()).toBe(1);

    // What was made from it stays: the release still opens, and the report is still listed.
    await page.goto("/vox-sentiment");
    await page.getByRole("region", { name: "Your past reports" }).getByText("Ready").waitFor();
    expect(await page.getByRole("group", { name: "Use a recording you uploaded" }).count()).toBe(0);
  });
});
