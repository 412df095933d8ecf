import type { Locator } from "playwright-core";
import { describe, expect } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { seriousAxeViolations, VIEWPORTS } from "./browser.ts";
import { it } from "./fixtures.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
};

describe("Vox Sentiment in Hausa", () => {
  it("a Hausa recording becomes a report with the Hausa transcript beside its English translation", async ({
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);
    await page.goto("/vox-sentiment");
    const tool = page.getByRole("region", { name: "Vox Sentiment" });
    await tool.getByLabel("Language").selectOption({ label: "Hausa" });
    await tool
      .locator('input[type="file"]')
      .setInputFiles({ name: "taro.wav", mimeType: "audio/wav", buffer: Buffer.from(speechWav(16)) });
    await tool.getByText("Completed").waitFor();
    await tool.getByRole("button", { name: "Use Vox Sentiment" }).click();

    const report = page.getByRole("dialog", { name: "Sentiment report" });
    const original = report.getByRole("region", { name: "Transcript in Hausa" });
    const english = report.getByRole("region", { name: "English translation" });
    const originalText = original.locator(".report__transcript");
    const englishText = english.locator(".report__transcript");
    await originalText.waitFor();
    expect(await originalText.getAttribute("lang")).toBe("ha");
    expect(await englishText.getAttribute("lang")).toBe("en");
    expect(await originalText.textContent()).toMatch(/^0:00 Barka da safiya, muna godiya/);
    expect(await englishText.textContent()).toMatch(/^Good morning, and thank you all for joining us today\./);
    // The analyses are of the English text.
    expect(await report.locator(".segment").first().textContent()).toContain("Good morning");
    const summary = report.locator(".report__field", { hasText: "Summary" }).locator("dd");
    expect(await summary.textContent()).toMatch(/^Good morning/);

    // Side by side on a wide screen, one above the other on a phone.
    const [left, right] = [await box(original), await box(english)];
    expect(right.x).toBeGreaterThan(left.x + left.width - 1);
    expect(Math.abs(right.y - left.y)).toBeLessThan(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(async () => (await box(english)).y).toBeGreaterThan((await box(original)).y + 20);
    expect(Math.abs((await box(english)).x - (await box(original)).x)).toBeLessThan(2);

    await report.getByRole("button", { name: "Close" }).click();
    await page.locator(".history").getByText("Hausa", { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
