import { describe, expect } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";

/** Each test opens a page, a video or a framed upload on a product another test run may be loading. */
const SLOW_MACHINE_MS = 180_000;

// A visitor on a laptop and on a phone: the first two screens anyone sees of Vox (issue 41, stumble 2).
for (const viewport of ["desktop", "mobile"] as const) {
  describe(`what a visitor can see before signing up, on a ${viewport === "desktop" ? "laptop" : "phone"}`, () => {
    it.override("viewport", viewport);

    it(
      "/watch-demo plays the recorded demo of at least 30 s, with English captions",
      async ({ page, errors }) => {
        await page.goto("/watch-demo", { timeout: 60_000 });
        const video = page.getByLabel("Vox product demo video");
        await expect
          .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
          .toBeGreaterThanOrEqual(1); // HAVE_METADATA
        const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
        expect(Number.isFinite(duration)).toBe(true);
        expect(duration).toBeGreaterThanOrEqual(30);

        const cues = await video.evaluate(async (element: HTMLVideoElement) => {
          const track = element.querySelector("track");
          if (!track) return [];
          const settled = () =>
            track.readyState === HTMLTrackElement.LOADED || track.readyState === HTMLTrackElement.ERROR;
          for (let waited = 0; !settled() && waited < 30_000; waited += 100) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return Array.from(track.track.cues ?? [], (cue) => ({
            start: cue.startTime,
            end: cue.endTime,
            text: (cue as VTTCue).text,
            kind: track.track.kind,
            language: track.track.language,
          }));
        });
        expect(cues.length).toBeGreaterThanOrEqual(5);
        expect(cues[0]).toMatchObject({ start: 0, kind: "captions", language: "en" });
        expect(cues.at(-1)?.end ?? 0).toBeLessThanOrEqual(duration + 1);
        expect(cues.every((cue) => cue.text.length > 10)).toBe(true);

        await video.evaluate((element: HTMLVideoElement) => {
          element.muted = true;
          return element.play();
        });
        await expect
          .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
          .toBeGreaterThan(0.5);
        await screenshot(page, `watch-demo-playing-${viewport}`);

        for (const [path, type] of [
          ["/demo/vox-demo.webm", "video/webm"],
          ["/demo/vox-demo.vtt", "text/vtt"],
          ["/demo/vox-demo-poster.jpg", "image/jpeg"],
        ] as const) {
          const response = await fetch(`${baseUrl()}${path}`, { method: "HEAD" });
          expect(response.status, path).toBe(200);
          expect(response.headers.get("content-type"), path).toContain(type);
        }
        expect(errors).toEqual([]);
      },
      SLOW_MACHINE_MS,
    );

    it(
      "Vox Shield frames the sandbox detector, which answers a verdict for an uploaded recording",
      async ({ page, errors }) => {
        await page.goto("/vox-shield", { timeout: 60_000 });
        const frame = page.frameLocator('iframe[title^="Vox Shield"]');
        await frame.getByText("Sandbox stand-in for the Vox Shield detector").waitFor();
        await frame
          .locator('input[type="file"]')
          .setInputFiles({ name: "statement.wav", mimeType: "audio/wav", buffer: Buffer.from(speechWav(3)) });
        await frame.getByRole("button", { name: "Check recording" }).click();
        const verdict = frame.getByRole("region", { name: "Sandbox verdict" });
        await verdict.waitFor();
        expect(await verdict.getByRole("heading").textContent()).toMatch(
          /^Sandbox verdict: (Likely authentic|Inconclusive|Likely synthetic)$/,
        );
        expect(await verdict.textContent()).toContain("statement.wav");
        // The frame allows no scripts, and the detector page needs none.
        expect(await frame.locator("script").count()).toBe(0);
        expect(await page.locator('iframe[title^="Vox Shield"]').getAttribute("sandbox")).toBe("allow-forms");
        await page.locator('iframe[title^="Vox Shield"]').scrollIntoViewIfNeeded();
        await screenshot(page, `vox-shield-verdict-${viewport}`);
        expect(errors).toEqual([]);
      },
      SLOW_MACHINE_MS,
    );
  });
}
