import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Every route of the product plus /about, /developers, /privacy, /terms, the caption page (a link without its token) and an invitation's page (without its token), with the heading a visitor should see. */
export const ROUTES: Array<[path: string, heading: string]> = [
  ["/", "Give every message a voice."],
  ["/about", "We build voice tools for people whose work is words"],
  ["/solutions", "Everything your voice work needs"],
  ["/pricing", "Simple plans in naira"],
  ["/settings", "Settings"],
  ["/watch-demo", "See Vox at work"],
  ["/vox-speaks", "Text-to-speech that sounds like your brand, not a robot"],
  ["/vox-sentiment", "Know how a conversation landed before the headlines do"],
  ["/voxscribe", "Every word on the record, live"],
  ["/voxrelease", "From recording to press release in minutes"],
  ["/voxover", "Keep the performance, change the voice"],
  ["/vox-shield", "Verify before you amplify"],
  ["/developers", "Put a voice assistant on your own page"],
  ["/watch", "Live captions"],
  ["/privacy", "How Vox looks after your data"],
  ["/terms", "The terms of using Vox"],
  ["/join", "Join a workspace"],
];

/** The file-name stem a route's screenshots are saved under. */
export const screenshotName = (path: string) => (path === "/" ? "home" : path.slice(1));

/** Settings' tabs, each laid out by the layout and reflow tests. */
export const SETTINGS_TABS = [
  "Profile",
  "Password and authentication",
  "Billing and plans",
  "Recordings",
  "Contacts",
  "Team",
  "Account",
];

/**
 * Opens a Settings tab and waits for what it fetches (members, recordings, contacts): a panel is
 * empty while its code loads, and an empty panel fits anywhere.
 */
export async function openSettingsTab(page: Page, tab: string): Promise<void> {
  await page.getByRole("tab", { name: tab }).click();
  const panel = page.getByRole("tabpanel");
  await expect.poll(async () => ((await panel.textContent()) ?? "").trim()).not.toBe("");
  await page.waitForLoadState("networkidle");
  await expect.poll(() => panel.locator('[aria-busy="true"]').count()).toBe(0);
}
