import { readFileSync } from "node:fs";
import type { Page, WebSocket as PageSocket } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

it.override("microphone", { speechSeconds: 6 });

/** Signed in through the API (accounts.test.ts drives the Login dialog); every caller then opens VoxScribe. */
async function signedInOnScribe(page: Page) {
  const person = newPerson();
  await registerThroughApi(person);
  await signInThroughApi(page, person);
}

describe("VoxScribe in the browser", () => {
  it("streams the microphone, shows the transcript, and closes the socket cleanly on Stop", async ({
    page,
    errors,
  }) => {
    await signedInOnScribe(page);
    const sockets: PageSocket[] = [];
    page.on("websocket", (socket) => sockets.push(socket));
    await page.goto("/voxscribe");
    await page.getByText("of live transcription left this month").waitFor();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByRole("button", { name: "Stop recording" }).waitFor();
    await expect
      .poll(() => page.getByLabel("Input level").evaluate((meter: HTMLMeterElement) => meter.value))
      .toBeGreaterThan(0);
    const transcript = page.getByRole("region", { name: "Transcript", exact: true });
    // The sandbox provider hears press-briefing sentences; any two words of one will do.
    await expect.poll(() => transcript.textContent(), { timeout: 60_000 }).toMatch(/^(?!Listening)\S+ \S+/);

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
  });

  it.for([
    ["NotAllowedError", "Microphone access is blocked. Allow it in your browser's site settings."],
    ["NotFoundError", "No microphone was found."],
  ])("says so when getUserMedia fails with %s", async ([name, message], { page }) => {
    await page.addInitScript((errorName) => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", errorName));
    }, name);
    await signedInOnScribe(page);
    await page.goto("/voxscribe");
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(message);
    await page.getByRole("button", { name: "Start recording" }).waitFor();
  });

  it("words a failure close from its own table of close codes", async ({ page }) => {
    await signedInOnScribe(page);
    // The relay's side of the socket is played here, so the page meets a real mapped close.
    await page.routeWebSocket(/\/api\/live\?ticket=/, (socket) => {
      setTimeout(() => {
        socket.send(JSON.stringify({ type: "ready", session_id: "s", resume_token: "t", restart_audio: false }));
        socket.send(
          JSON.stringify({ type: "transcript", text: "good morning", is_final: true, seq: 1, start: 0, duration: 1 }),
        );
        socket.send(JSON.stringify({ type: "error", code: 4031, message: "idle" }));
        socket.close({ code: 4031, reason: "idle" });
      }, 500);
    });
    await page.goto("/voxscribe");
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe(
        "The transcription service stopped hearing audio and closed the stream. Start again when you are ready to speak.",
      );
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    expect(await page.getByRole("region", { name: "Transcript", exact: true }).textContent()).toContain("good morning");
  });
});

/**
 * The transcript's final text: what the region shows, less the interim words still changing and
 * the speakers' names leading their turns (the sandbox briefing has a journalist).
 */
function finalText(page: Page): Promise<string> {
  return page.getByRole("region", { name: "Transcript", exact: true }).evaluate((region) => {
    const copy = region.cloneNode(true) as HTMLElement;
    for (const aside of copy.querySelectorAll(".transcript__interim, .transcript__speaker")) aside.remove();
    return [...copy.querySelectorAll("p:not(.muted)")].map((turn) => turn.textContent?.trim()).join(" ");
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** m:ss as the saved list shows a transcript's length. */
function listedSeconds(text: string): number {
  const [, minutes, seconds] = /· (\d+):(\d{2})/.exec(text) ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

describe("VoxScribe on a bad network", () => {
  it("keeps recording through 5 s offline, says it is reconnecting, and the transcript carries on with what was said meanwhile", async ({
    expect,
    page,
    errors,
  }) => {
    await signedInOnScribe(page);
    await page.goto("/voxscribe");
    await page.getByRole("button", { name: "Start recording" }).click();
    const startedAt = Date.now();
    await expect.poll(async () => words(await finalText(page)), { timeout: 60_000 }).toBeGreaterThan(0);

    await page.context().setOffline(true);
    await page.getByText("Reconnecting…").waitFor();
    const beforeDrop = await finalText(page);
    await page.waitForTimeout(5000);
    await page.context().setOffline(false);
    await page.getByText("Reconnecting…").waitFor({ state: "detached", timeout: 60_000 });
    // The audio held during the drop goes up first, so finals for it arrive right away.
    await expect.poll(async () => words(await finalText(page)), { timeout: 60_000 }).toBeGreaterThan(words(beforeDrop));
    expect((await finalText(page)).startsWith(beforeDrop)).toBe(true);

    await page.getByRole("button", { name: "Stop recording" }).click();
    const recordedSeconds = (Date.now() - startedAt) / 1000;
    await page.getByRole("button", { name: "Export SRT" }).first().waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    // The provider heard (nearly) the whole recording, the five offline seconds included.
    const saved = page.getByRole("region", { name: "Saved transcripts" }).getByRole("listitem").first();
    await expect
      .poll(async () => listedSeconds((await saved.textContent()) ?? ""))
      .toBeGreaterThan(recordedSeconds - 3);
    expect(errors).toEqual([]);
  }, 120_000);

  it("shows what was said so far after a reload, carries on, and keeps the transcript in the saved list with the viewer's SRT export", async ({
    expect,
    page,
  }) => {
    await signedInOnScribe(page);
    await page.goto("/voxscribe");
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect.poll(async () => words(await finalText(page)), { timeout: 60_000 }).toBeGreaterThan(0);
    const said = await finalText(page);

    await page.reload();
    await expect.poll(() => finalText(page)).toContain(said);
    await page.getByRole("button", { name: "Continue recording" }).click();
    await page.getByRole("button", { name: "Stop recording" }).waitFor();
    await expect.poll(async () => words(await finalText(page)), { timeout: 60_000 }).toBeGreaterThan(words(said));
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("button", { name: "Export SRT" }).first().waitFor();
    const whole = await finalText(page);
    expect(whole.startsWith(said)).toBe(true);

    const list = page.getByRole("region", { name: "Saved transcripts" });
    const item = list.getByRole("listitem").first();
    await expect.poll(() => item.textContent()).toContain(said.split(" ").slice(0, 3).join(" "));
    await item.getByRole("button", { name: /^Transcript of/ }).click();
    const opened = item.getByRole("region", { name: /^Transcript:/ });
    // Shown turn by turn in the transcript viewer, with the speaker and time of each.
    await expect
      .poll(async () => (await opened.locator(".utterance__text").allTextContents()).join(" "))
      .toContain(whole);
    expect(await opened.locator(".utterance__speaker").first().textContent()).toBe("Speaker 1");
    // One set of exports: the viewer's, written by the Worker with the speaker on every cue.
    expect(await opened.getByRole("button", { name: "Export SRT" }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      opened.getByRole("group", { name: "Export the transcript" }).getByRole("button", { name: "SRT" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.srt$/);
    const srt = readFileSync((await download.path()) as string, "utf8");
    expect(srt).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nSpeaker 1: \S/);
    expect(
      srt
        .replace(/\d+\n[\d:,]+ --> [\d:,]+\nSpeaker \d: /g, "")
        .replace(/\n+/g, " ")
        .trim(),
    ).toBe(whole);
  }, 120_000);
});
