import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";
import { fillSpokespersonAndContact, makeRelease, savePressKit } from "./press-kit.ts";

describe("the newsroom: press kit, release editor and DOCX", () => {
  it("fills the kit, makes a release naming the organisation, edits, restores and downloads it with its source transcript", async ({
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);

    await savePressKit(page, fillSpokespersonAndContact);
    const release = await makeRelease(page);
    await release.getByText("Funmilayo Adeyemi, Director of Programmes", { exact: false }).waitFor();
    await release
      .getByRole("heading", { name: "About Ìjọba Water Trust" })
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe release read:\n${await release.textContent()}`);
      });
    // The kit has no phone, so that gap is the one left to fill.
    await release.getByRole("button", { name: "[Phone]" }).click();
    const text = release.getByLabel("Press release (Markdown)");
    expect(
      await text.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd)),
    ).toBe("[Phone]");
    await page.keyboard.type("+234 803 123 4567");
    const status = release.getByRole("status");
    await status.getByText("Unsaved changes").waitFor();
    await status.getByText("Saved", { exact: true }).waitFor();
    expect(await release.getByRole("button", { name: "[Phone]" }).count()).toBe(0);

    await release.getByRole("button", { name: "Versions" }).click();
    const versions = release.getByRole("region", { name: "Versions" });
    await versions.getByText("Version 2").waitFor();
    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByText("Version 1 restored.").waitFor();
    expect(await text.inputValue()).toContain("[Phone]");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      release.getByRole("button", { name: "Download DOCX" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.docx$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) ?? "")));
    const xml = strFromU8(files["word/document.xml"] ?? new Uint8Array());
    expect(xml).toContain("Ìjọba Water Trust");
    expect(xml).toContain("[Phone]");

    // The transcript it was written from: speakers and times, streamed recording, its own exports.
    await release.getByRole("button", { name: "Show the transcript it was written from" }).click();
    const source = release.getByRole("region", { name: "Source transcript" });
    await source.locator(".utterance__speaker").first().waitFor();
    expect(await source.locator(".utterance__speaker").first().textContent()).toBe("Speaker 1");
    const [srt] = await Promise.all([
      page.waitForEvent("download"),
      source.getByRole("group", { name: "Export the transcript" }).getByRole("button", { name: "SRT" }).click(),
    ]);
    expect(srt.suggestedFilename()).toMatch(/^borehole-launch-\d{4}-\d{2}-\d{2}\.srt$/);
    expect(readFileSync((await srt.path()) ?? "", "utf8")).toMatch(/^1\n00:00:\d{2},\d{3} --> [\d:,]+\nSpeaker 1: \S/);
    expect(errors).toEqual([]);
  });
});
