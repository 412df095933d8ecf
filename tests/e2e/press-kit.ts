import type { Locator, Page } from "playwright-core";
import { speechWav } from "../fixtures/speech-wav.ts";

export const ORGANISATION = "Ìjọba Water Trust";

/** Fills Settings › Press kit as a person would, with `more` for the fields a file cares about, and saves it. */
export async function savePressKit(page: Page, more: (kit: Locator) => Promise<void> = async () => {}): Promise<void> {
  await page.goto("/settings");
  const kit = page.getByRole("form", { name: "Press kit" });
  await kit.getByLabel("Organisation name").fill(ORGANISATION);
  await kit.getByLabel(/About the organisation/).fill(`${ORGANISATION} runs boreholes across Oyo State.`);
  await more(kit);
  await kit.getByRole("button", { name: "Save press kit" }).click();
  await page.getByText("Press kit saved").waitFor();
}

/** The spokesperson and media contact, so the release written from the kit has no gaps to fill. */
export async function fillSpokespersonAndContact(kit: Locator): Promise<void> {
  await kit.getByRole("button", { name: "Add a spokesperson" }).click();
  await kit.getByLabel("Spokesperson 1 name").fill("Funmilayo Adeyemi");
  await kit.getByLabel("Spokesperson 1 title").fill("Director of Programmes");
  await kit.getByLabel("Contact name").fill("Bisi Akande");
  await kit.getByLabel("Contact e-mail").fill("press@ijoba.example.ng");
}

/** Makes a release on VoxRelease from a 20-second recording and answers its region once it is ready. */
export async function makeRelease(page: Page): Promise<Locator> {
  await page.goto("/voxrelease");
  const tool = page.getByRole("region", { name: "VoxRelease" });
  await tool.locator('input[type="file"]').setInputFiles({
    name: "borehole-launch.wav",
    mimeType: "audio/wav",
    buffer: Buffer.from(speechWav(20)),
  });
  await tool.getByRole("button", { name: "Generate press release" }).click();
  const release = page.getByRole("region", { name: "Press release from borehole-launch.wav" });
  await release.getByText("Ready").waitFor({ timeout: 90_000 });
  return release;
}
