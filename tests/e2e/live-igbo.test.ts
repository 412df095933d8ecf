import { describe, expect } from "vitest";
import { briefingSentence } from "../../worker/sandbox/spitch-corpus.ts";
import { it } from "./fixtures.ts";
import { newSession, storeSession } from "./people.ts";

it.override("microphone", { speechSeconds: 8 });

const IGBO = Array.from({ length: 7 }, (_, i) => briefingSentence("ig", i));
const inIgbo = (text: string | null) => IGBO.some((sentence) => text?.includes(sentence));

describe("live Igbo from the browser", () => {
  it("a speaker chooses Igbo on VoxScribe: the page says captions follow a few seconds behind, and each phrase appears in Igbo on the page and on the shared /watch link", async ({
    openPage,
  }) => {
    const speaker = await openPage("mobile");
    const { page } = speaker;
    await storeSession(page, await newSession());
    await page.goto("/voxscribe");
    await page.getByText("of live transcription left this month").waitFor();
    await page.getByLabel("Language").selectOption({ label: "Igbo" });
    await page.getByText(/^Igbo captions follow a few seconds behind/).waitFor();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByRole("button", { name: "Share captions" }).click();
    const link = page.getByLabel("Caption link");
    await expect.poll(() => link.inputValue()).toMatch(/\/watch\/[\w-]{43}$/);

    const viewer = await openPage("mobile");
    await viewer.page.goto(new URL(await link.inputValue()).pathname);
    const transcript = page.getByRole("region", { name: "Transcript", exact: true });
    await expect.poll(() => transcript.textContent().then(inIgbo), { timeout: 60_000 }).toBe(true);
    const captions = viewer.page.getByRole("log").locator("p");
    await expect.poll(() => captions.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    for (const line of await captions.allTextContents()) expect(inIgbo(line), line).toBe(true);

    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("button", { name: "Export SRT" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(speaker.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
  });
});
