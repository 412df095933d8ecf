import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, WebSocket as PageSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapProviderClose } from "../../worker/live/close-codes.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { launchBrowser, openPage } from "./browser.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { logIn, newPerson, registerThroughApi } from "./people.ts";

let browser: Browser;
beforeAll(async () => {
  const wavPath = join(mkdtempSync(join(tmpdir(), "vox-scribe-")), "speech.wav");
  writeFileSync(wavPath, speechWav(6));
  browser = await launchBrowser([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${wavPath}`,
  ]);
});
afterAll(async () => {
  await browser?.close();
});

async function signedInOnScribe(page: Page) {
  const person = newPerson();
  await registerThroughApi(person);
  await page.goto("/voxscribe");
  await page.getByRole("button", { name: "Login" }).first().click();
  await logIn(page, person.email, person.password);
  await page.waitForURL("**/solutions");
}

describe("VoxScribe in the browser", () => {
  it("streams the microphone, shows the transcript, and closes the socket cleanly on Stop", async () => {
    const { page, errors, close } = await openPage(browser, "desktop");
    try {
      await signedInOnScribe(page);
      const sockets: PageSocket[] = [];
      page.on("websocket", (socket) => sockets.push(socket));
      await page.goto("/voxscribe");
      await page.getByText("minutes of live transcription left this month").waitFor();
      await page.getByRole("button", { name: "Start recording" }).click();
      await page.getByRole("button", { name: "Stop recording" }).waitFor();
      await expect
        .poll(() => page.getByLabel("Input level").evaluate((meter: HTMLMeterElement) => meter.value))
        .toBeGreaterThan(0);
      const transcript = page.getByRole("region", { name: "Transcript" });
      // The sandbox provider hears press-briefing sentences; any two words of one will do.
      await expect.poll(() => transcript.textContent(), { timeout: 15_000 }).toMatch(/^(?!Listening)\S+ \S+/);

      const live = sockets.find((socket) => socket.url().includes("/api/live?ticket="));
      expect(live).toBeDefined();
      const closed = live?.waitForEvent("close");
      const sent: string[] = [];
      live?.on("framesent", (frame) => {
        if (typeof frame.payload === "string") sent.push(frame.payload);
      });
      await page.getByRole("button", { name: "Stop recording" }).click();
      await closed;
      expect(sent).toContain(JSON.stringify({ type: "stop" }));
      await page.getByRole("button", { name: "Export SRT" }).waitFor();
      expect(await page.getByRole("alert").count()).toBe(0);
      const text = (await transcript.textContent()) ?? "";
      expect(text.split(/\s+/).length).toBeGreaterThanOrEqual(2);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export SRT" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("vox-transcript.srt");
      expect(await reviewAtBothSizes(page, "journey-voxscribe")).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ["NotAllowedError", "Microphone access is blocked. Allow it in your browser's site settings."],
    ["NotFoundError", "No microphone was found."],
  ])("says so when getUserMedia fails with %s", async (name, message) => {
    const { page, close } = await openPage(browser, "desktop");
    try {
      await page.addInitScript((errorName) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", errorName));
      }, name);
      await signedInOnScribe(page);
      await page.goto("/voxscribe");
      await page.getByRole("button", { name: "Start recording" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe(message);
      await page.getByRole("button", { name: "Start recording" }).waitFor();
    } finally {
      await close();
    }
  });

  it("shows the mapped reason when the relay closes with a provider failure", async () => {
    const { page, close } = await openPage(browser, "desktop");
    const idle = mapProviderClose(1011, "NET-0001");
    try {
      await signedInOnScribe(page);
      // The relay's side of the socket is played here, so the page meets a real mapped close.
      await page.routeWebSocket(/\/api\/live\?ticket=/, (socket) => {
        setTimeout(() => {
          socket.send(
            JSON.stringify({ type: "transcript", text: "good morning", is_final: true, start: 0, duration: 1 }),
          );
          socket.send(JSON.stringify({ type: "error", code: idle.code, message: idle.message }));
          socket.close({ code: idle.code, reason: idle.message });
        }, 500);
      });
      await page.goto("/voxscribe");
      await page.getByRole("button", { name: "Start recording" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe(idle.message);
      await page.getByRole("button", { name: "Start recording" }).waitFor();
      expect(await page.getByRole("region", { name: "Transcript" }).textContent()).toContain("good morning");
    } finally {
      await close();
    }
  });
});
