import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { languageRefusal } from "../../worker/contracts/language-support.ts";
import { briefingSentence, translateText } from "../../worker/sandbox/spitch-corpus.ts";
import { type PageOptions, screenshot, seriousAxeViolations, VIEWPORTS } from "./browser.ts";
import { it, type OpenPage } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { newSession, storeSession } from "./people.ts";

it.override("microphone", { speechSeconds: 6 });

/** A signed-in speaker recording on /voxscribe, who has pressed Share captions: the link. */
async function speakAndShare(page: Page): Promise<string> {
  await storeSession(page, await newSession());
  await page.goto("/voxscribe");
  await page.getByText("of live transcription left this month").waitFor();
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByRole("button", { name: "Share captions" }).click();
  const link = page.getByLabel("Caption link");
  await expect.poll(() => link.inputValue()).toMatch(/\/watch\/[\w-]{43}$/);
  return link.inputValue();
}

const captionLines = (page: Page) => page.getByRole("log").locator("p");

/** Each line's words, less the speaker's name that leads a line where the speaker changes. */
const wordsOf = (lines: Locator) =>
  lines.evaluateAll((paragraphs) =>
    paragraphs.map((line) =>
      [...line.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains("captions__speaker")))
        .map((node) => node.textContent)
        .join(""),
    ),
  );

async function openLink(
  openPage: OpenPage,
  link: string,
  options: PageOptions = {},
  viewport: "desktop" | "mobile" = "desktop",
) {
  const viewer = await openPage(viewport, options);
  await viewer.page.goto(new URL(link).pathname);
  return viewer;
}

describe("live captions in the browser", () => {
  it("the speaker shares while recording; a second browser reads the captions live, projects them, and sees Stop sharing", async ({
    openPage,
  }) => {
    const speaker = await openPage("desktop");
    await speaker.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const link = await speakAndShare(speaker.page);
    // The QR code for the room, drawn by the library loaded on demand.
    await speaker.page.getByRole("img", { name: "QR code of the caption link" }).waitFor();
    await speaker.page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => speaker.page.getByText("Link copied.").count()).toBe(1);
    expect(await speaker.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const viewer = await openLink(openPage, link);
    const { page } = viewer;
    await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/^Live/);
    // Finals arrive while the speaker talks; each is a line of the log.
    await expect.poll(() => captionLines(page).count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const spoken = await speaker.page.getByRole("region", { name: "Transcript", exact: true }).textContent();
    for (const line of await wordsOf(captionLines(page))) expect(spoken).toContain(line);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The reader's own size and colours.
    await page.getByLabel("Text size").selectOption("Huge");
    await page.getByLabel("Colours").selectOption("High contrast");
    const text = page.getByRole("region", { name: "Captions", exact: true });
    expect(await text.evaluate((element) => getComputedStyle(element).fontSize)).toBe("44.8px");
    expect(await text.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 255, 0)");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Projector mode fills the window with very large text, on a phone and a wide screen. It is
    // the browser's full screen, whose window a test cannot resize, so each size is entered anew.
    for (const size of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(size);
      await page.getByRole("button", { name: "Projector mode" }).click();
      const stage = await page.locator(".captions").boundingBox();
      expect(stage).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      const fontPx = Number.parseFloat(await text.evaluate((element) => getComputedStyle(element).fontSize));
      expect(fontPx).toBeGreaterThanOrEqual(size.width > 1000 ? 80 : 65);
      // Following the latest words survives the window changing size.
      expect(await page.getByRole("button", { name: "Jump to the latest words" }).count()).toBe(0);
      await screenshot(page, `captions-projector-${size.width}`);
      expect(await layoutProblems(page, size.width > 1000 ? "desktop" : "mobile")).toEqual([]);
      await page.getByRole("button", { name: "Exit projector mode" }).click();
      // Leaving full screen is the browser's, after the press: the page is laid out again then.
      await page.waitForFunction(() => document.fullscreenElement === null);
      await expect.poll(async () => (await page.locator(".captions").boundingBox())?.y).toBeGreaterThan(0);
    }

    // Reading back pauses auto-scroll until the reader asks for the latest words again.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect
      .poll(() => text.evaluate((element) => element.scrollHeight > element.clientHeight + 100), { timeout: 60_000 })
      .toBe(true);
    await text.hover();
    await page.mouse.wheel(0, -20_000);
    const jump = page.getByRole("button", { name: "Jump to the latest words" });
    await jump.waitFor();
    const before = await captionLines(page).count();
    await expect.poll(() => captionLines(page).count(), { timeout: 60_000 }).toBeGreaterThan(before);
    // The reader is still where they scrolled to, far from the latest words. The browser may keep
    // their place by a line (scroll anchoring), so "where" is "within the first screen", not pixel 0.
    const place = await text.evaluate((element) => ({
      top: element.scrollTop,
      fromEnd: element.scrollHeight - element.scrollTop - element.clientHeight,
      screen: element.clientHeight,
    }));
    expect(place.top).toBeLessThan(place.screen / 2);
    expect(place.fromEnd).toBeGreaterThan(100);
    await jump.click();
    await expect
      .poll(() => text.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
      .toBeLessThan(50);

    await speaker.page.getByRole("button", { name: "Stop sharing" }).click();
    await expect
      .poll(() => page.getByRole("status").first().textContent())
      .toBe("The speaker stopped sharing these captions.");
    await speaker.page.getByText("Sharing stopped. The link no longer works.").waitFor();
    await speaker.page.getByRole("button", { name: "Share captions" }).waitFor();
    expect(viewer.errors).toEqual([]);
    expect(speaker.errors).toEqual([]);
  });

  it("a caption viewer reads Yorùbá captions of an English talk, and the choice is remembered on that device", async ({
    openPage,
  }) => {
    // Naijá cannot be transcribed live: the speaker's page says why and does not start.
    const refused = await openPage("desktop");
    await storeSession(refused.page, await newSession());
    await refused.page.goto("/voxscribe");
    await refused.page.getByLabel("Language").selectOption({ label: "Naijá (Pidgin)" });
    await refused.page.getByText(languageRefusal("live", "pcm") ?? "-").waitFor();
    expect(await refused.page.getByRole("button", { name: "Start recording" }).isDisabled()).toBe(true);

    const speaker = await openPage("desktop");
    const link = await speakAndShare(speaker.page);
    const viewer = await openLink(openPage, link);
    const { page } = viewer;
    await page.getByLabel("Language").selectOption({ label: "Yorùbá" });
    const yoruba = page.getByRole("log").locator('p[lang="yo"]');
    await expect.poll(() => yoruba.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const sentences = Array.from({ length: 7 }, (_, i) => briefingSentence("yo", i));
    const spoken = await speaker.page.getByRole("region", { name: "Transcript", exact: true }).textContent();
    for (const line of await wordsOf(yoruba)) {
      expect(sentences).toContain(line);
      expect(spoken).toContain(translateText(line, "yo", "en"));
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The reader's choice holds on this device; the captions already said come again in Yorùbá.
    await page.reload();
    expect(await page.getByLabel("Language").inputValue()).toBe("yo");
    await expect.poll(() => yoruba.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await page.getByLabel("Language").selectOption({ label: "As spoken" });
    await expect.poll(() => yoruba.count()).toBe(0);
    await expect.poll(() => captionLines(page).count()).toBeGreaterThanOrEqual(2);
    expect(viewer.errors).toEqual([]);
    expect(speaker.errors).toEqual([]);
  });

  it("shared before recording: a phone reads Starting soon, then the captions once the speaker starts, on the same link", async ({
    openPage,
  }) => {
    const speaker = await openPage("desktop");
    await storeSession(speaker.page, await newSession());
    await speaker.page.goto("/voxscribe");
    await speaker.page.getByText("of live transcription left this month").waitFor();
    await speaker.page.getByRole("button", { name: "Share captions" }).click();
    const link = speaker.page.getByLabel("Caption link");
    await expect.poll(() => link.inputValue()).toMatch(/\/watch\/[\w-]{43}$/);
    const url = await link.inputValue();
    await speaker.page.getByRole("img", { name: "QR code of the caption link" }).waitFor();
    await speaker.page.getByText("Until you start recording, it says the captions are starting soon").waitFor();

    const viewer = await openLink(openPage, url, { size: { width: 390, height: 844 } }, "mobile");
    const { page } = viewer;
    const status = () => page.getByRole("status").first().textContent();
    await expect.poll(status).toBe("Starting soon. The captions will start when the speaker begins.");
    expect(await captionLines(page).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await speaker.page.getByRole("button", { name: "Start recording" }).click();
    // No reload: the open page turns live and the words arrive.
    await expect.poll(status, { timeout: 60_000 }).toMatch(/^Live/);
    await expect.poll(() => captionLines(page).count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    const spoken = await speaker.page.getByRole("region", { name: "Transcript", exact: true }).textContent();
    for (const line of await wordsOf(captionLines(page))) expect(spoken).toContain(line);
    // The speaker's page keeps the link it showed: the one on the slide.
    expect(await link.inputValue()).toBe(url);
    await speaker.page.getByText("Anyone with this link can read your words as you speak").waitFor();
    expect(viewer.errors).toEqual([]);
    expect(speaker.errors).toEqual([]);
  });

  it("on a phone nothing of the site covers the newest caption; an unknown link says so at once", async ({
    openPage,
  }) => {
    const speaker = await openPage("desktop");
    const link = await speakAndShare(speaker.page);
    const viewer = await openLink(openPage, link, { size: { width: 390, height: 844 } }, "mobile");
    const { page } = viewer;
    await expect.poll(() => captionLines(page).count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.locator(".mobile-cta").count()).toBe(0);
    // What the reader's eye lands on at the newest line's place is that line, not a bar over it.
    await captionLines(page).last().scrollIntoViewIfNeeded();
    const covered = await captionLines(page)
      .last()
      .evaluate((line) => {
        const box = line.getBoundingClientRect();
        const points = [box.top + 2, box.bottom - 2].map((y) => document.elementFromPoint(box.left + 4, y));
        return points.some((element) => !element || !line.contains(element));
      });
    expect(covered).toBe(false);
    expect(viewer.errors).toEqual([]);

    // Refused at once, not retried: the words come with the relay's first answer, never "Reconnecting…".
    const stranger = await openPage("mobile");
    const statuses: string[] = [];
    await stranger.page.exposeFunction("noteStatus", (text: string) => statuses.push(text));
    await stranger.page.addInitScript(() => {
      new MutationObserver(() => {
        const status = document.querySelector("[role=status]")?.textContent;
        if (status) (window as unknown as { noteStatus: (text: string) => void }).noteStatus(status);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await stranger.page.goto(`/watch/${"x".repeat(43)}`);
    await expect
      .poll(() => stranger.page.getByRole("status").first().textContent())
      .toBe("This caption link does not work any more. Ask the speaker for a new one.");
    expect(statuses.filter((status) => /Reconnecting/.test(status))).toEqual([]);
  });

  it("after the session the kept link reads as its transcript (at 320 px and with 200 % text) until the owner revokes it", async ({
    openPage,
  }) => {
    const speaker = await openPage("desktop");
    const link = await speakAndShare(speaker.page);
    const transcript = speaker.page.getByRole("region", { name: "Transcript", exact: true });
    await expect
      .poll(async () => (await transcript.locator("p").allTextContents()).join(" "), { timeout: 60_000 })
      .toMatch(/\.\s+\S+/);
    await speaker.page.getByRole("button", { name: "Stop recording" }).click();
    await speaker.page.getByRole("button", { name: "Export SRT" }).waitFor();
    await speaker.page.getByText("The session is over: the link now shows its full transcript").waitFor();
    // A paragraph per turn, led by its speaker, as the caption lines are.
    const said = (await transcript.locator("p").allTextContents()).join(" ");

    for (const options of [{ size: { width: 320, height: 640 } }, { textScale: 2 }] as PageOptions[]) {
      const late = await openLink(openPage, link, options, "mobile");
      await expect
        .poll(() => late.page.getByRole("status").first().textContent())
        .toBe("The session has ended. This is its full transcript.");
      const lines = await captionLines(late.page).allTextContents();
      expect(lines.join(" ")).toBe(said.trim());
      expect(await layoutProblems(late.page, "mobile")).toEqual([]);
      expect(await seriousAxeViolations(late.page)).toEqual([]);
      expect(late.errors).toEqual([]);
    }

    await speaker.page.getByRole("button", { name: "Stop sharing" }).click();
    await speaker.page.getByText("Sharing stopped. The link no longer works.").waitFor();
    const revoked = await openLink(openPage, link);
    await expect
      .poll(() => revoked.page.getByRole("status").first().textContent())
      .toBe("This caption link does not work any more. Ask the speaker for a new one.");
    expect(await captionLines(revoked.page).count()).toBe(0);
  });
});
