import type { Locator } from "playwright-core";
import { afterEach, describe, expect } from "vitest";
import { baseUrl, repin } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems, reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";
import { fillSpokespersonAndContact, makeRelease, savePressKit } from "./press-kit.ts";

/** A real 4 × 3 PNG (one colour), so the reader's browser decodes it. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR42mPQqDgBRww4OQBBxhDhJXgHegAAAABJRU5ErkJggg==",
  "base64",
);

const sandbox = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/__sandbox${path}`, { headers: { "content-type": "application/json" }, ...init });

// The billing clock is the whole local product's: leave it where it was for the next file.
afterEach(async () => {
  expect((await sandbox("/clock", { method: "DELETE" })).status).toBe(200);
});

/** Rows of `list` whose buttons went onto a line below their text, as the outlet each names. */
const buttonsBelowText = (list: Locator) =>
  list.locator("li").evaluateAll((rows) =>
    rows
      .filter((row) => {
        const text = row.querySelector(".history__text")?.getBoundingClientRect();
        const button = row.querySelector("button")?.getBoundingClientRect();
        return !text || !button || button.top >= text.bottom || button.left < text.right;
      })
      .map((row) => row.querySelector("a")?.textContent ?? row.textContent),
  );

/** Rows of `list` whose text was left less than most of the row's width, as the text each holds. */
const squeezedTexts = (list: Locator) =>
  list.locator("li").evaluateAll((rows) =>
    rows
      .filter((row) => {
        const text = row.querySelector(".history__text")?.getBoundingClientRect().width ?? 0;
        const style = getComputedStyle(row);
        const inner = row.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return text < 0.8 * inner;
      })
      .map((row) => row.querySelector(".history__text")?.textContent ?? row.textContent),
  );

/** `date` as a datetime-local field takes it: this machine's local time, which the browser shares. */
const localInput = (date: Date) => {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
};

describe("the public newsroom", () => {
  it("sets an address, attaches an image and the recording, publishes under embargo, logs its coverage, and finds it all on the newsroom, without JavaScript, once the clock passes the embargo", async ({
    openPage,
    newContext,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    // A phone at 320 px, driven with the keyboard where the control is.
    const { page, errors } = await openPage("mobile", { size: { width: 320, height: 800 } });
    await signInThroughApi(page, person);
    const slug = `e2e-${Date.now().toString(36)}`;

    await savePressKit(page, async (kit) => {
      await kit.getByLabel("Newsroom address").fill(slug);
      // A release with gaps is not published: a complete kit leaves none.
      await fillSpokespersonAndContact(kit);
      await kit.getByLabel("Contact phone").fill("+2348031234567");
    });
    const release = await makeRelease(page);

    // An image with its alt text, and the recording, attached from the phone with the keyboard.
    const attachments = release.getByRole("region", { name: "Attachments" });
    await attachments.getByText("No images attached yet.").waitFor();
    await attachments
      .getByLabel(/^Image/)
      .setInputFiles({ name: "borehole.png", mimeType: "image/png", buffer: PHOTO });
    await attachments.getByLabel(/Alt text/).fill("Women fetching water at the new borehole in Iseyin");
    await attachments.getByLabel(/Caption/).fill("Iseyin, Monday");
    await attachments.getByLabel(/Caption/).press("Enter");
    const images = attachments.getByRole("list", { name: "Images attached to this release" });
    await images.getByText("Women fetching water at the new borehole in Iseyin").waitFor();
    await attachments.getByRole("checkbox", { name: "Attach the recording" }).focus();
    await page.keyboard.press("Space");
    await attachments.getByRole("checkbox", { name: "Attach the recording", checked: true }).waitFor();
    expect(await layoutProblems(page, "mobile")).toEqual([]);

    const newsroom = release.getByRole("region", { name: "Newsroom" });
    await newsroom.getByText("This release is not on your newsroom.").waitFor();
    await newsroom.getByRole("checkbox", { name: "Hold it under embargo" }).focus();
    await page.keyboard.press("Space");
    await newsroom.getByLabel(/Embargo until/).fill(localInput(new Date(Date.now() + 2 * 3_600_000)));
    expect(await layoutProblems(page, "mobile")).toEqual([]);
    await newsroom.getByRole("button", { name: "Publish under embargo" }).focus();
    await page.keyboard.press("Enter");
    await newsroom.getByText(/Scheduled: not public until/).waitFor();
    const href = (await newsroom.getByRole("link").getAttribute("href")) ?? "";
    expect(href).toMatch(new RegExp(`/newsroom/${slug}/[a-z0-9-]+$`));
    const releasePath = new URL(href).pathname;
    expect(await layoutProblems(page, "mobile")).toEqual([]);

    // Where it ran, logged from the same phone with the keyboard.
    const coverage = release.getByRole("region", { name: "Coverage" });
    await coverage.getByText("No coverage logged yet.").waitFor();
    await coverage.getByLabel("Article or broadcast address").fill("https://punchng.example/borehole-launch");
    await coverage.getByLabel("Outlet").fill("Punch");
    await coverage.getByLabel("Outlet").press("Enter");
    const logged = coverage.getByRole("list", { name: "Coverage of this release" });
    await logged.getByRole("link", { name: "Punch" }).waitFor();
    expect(await layoutProblems(page, "mobile")).toEqual([]);
    await coverage.scrollIntoViewIfNeeded();
    expect(await reviewAtBothSizes(page, "release-newsroom-and-coverage")).toEqual([]);
    // The row's delete button stays beside the outlet on a phone, down to 320 px and at 200 % text.
    for (const options of [
      { size: { width: 320, height: 800 } },
      { size: { width: 360, height: 780 } },
      { size: { width: 375, height: 812 }, textScale: 2 },
    ]) {
      await repin(page, options);
      expect(await buttonsBelowText(logged), JSON.stringify(options)).toEqual([]);
      expect(await layoutProblems(page, "mobile"), JSON.stringify(options)).toEqual([]);
    }
    // An attached image's alt text and caption keep their row at 320 px and 200 % text: its Remove
    // button goes below them rather than squeezing them a letter a line.
    await repin(page, { size: { width: 320, height: 800 }, textScale: 2 });
    expect(await squeezedTexts(page.getByRole("list", { name: "Images attached to this release" }))).toEqual([]);

    // A reader with no JavaScript at all, as a newsdesk's link preview or a text browser reads.
    const reader = await (
      await newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 }, isMobile: true })
    ).newPage();
    const before = await reader.goto(`/newsroom/${slug}`);
    expect(before?.status()).toBe(200);
    await reader.getByText("No press releases yet.").waitFor();
    expect(await reader.locator(`a[href$="${releasePath}"]`).count()).toBe(0);
    expect((await reader.goto(releasePath))?.status()).toBe(404);

    expect((await sandbox("/clock", { method: "POST", body: JSON.stringify({ advance_days: 1 }) })).status).toBe(200);
    expect((await sandbox("/scheduled", { method: "POST" })).status).toBe(200);

    expect((await reader.goto(`/newsroom/${slug}`))?.status()).toBe(200);
    await reader.locator(`a[href$="${releasePath}"]`).click();
    await reader.waitForURL(`**${releasePath}`);
    await reader.getByRole("heading", { level: 1 }).first().waitFor();
    await reader.locator("footer").getByRole("heading", { name: "About Ìjọba Water Trust" }).waitFor();
    const share = reader.getByRole("link", { name: "Share on WhatsApp" });
    expect(await share.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
    // Its image (its box sized before it loads), the recording's player before its download, and the documents.
    const photo = reader.getByRole("img", { name: "Women fetching water at the new borehole in Iseyin" });
    await photo.scrollIntoViewIfNeeded();
    await reader.getByText("Iseyin, Monday").waitFor();
    expect(await photo.getAttribute("loading")).toBe("lazy");
    // Loaded from its rendition: the browser picked it from the srcset.
    await expect
      .poll(() =>
        photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : "")),
      )
      .toMatch(/\/files\/[^/]+-4w\.webp$/);
    const player = reader.locator("audio[controls]");
    expect(await player.getAttribute("preload")).toBe("none");
    const clip = await reader.request.get((await player.getAttribute("src")) ?? "", {
      headers: { range: "bytes=0-9" },
    });
    expect(clip.status()).toBe(206);
    for (const name of [/Word, DOCX/, /PDF/]) {
      const link = reader.getByRole("link", { name });
      const file = await reader.request.get((await link.getAttribute("href")) ?? "");
      expect(file.status(), String(name)).toBe(200);
    }
    expect(await layoutProblems(reader, "mobile")).toEqual([]);
    expect(await reader.locator("script").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
