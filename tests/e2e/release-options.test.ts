import { describe, type ExpectStatic } from "vitest";
import { speechWav } from "../fixtures/speech-wav.ts";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import {
  newPerson,
  newSession,
  registerThroughApi,
  type StoredSession,
  signInThroughApi,
  storeSession,
} from "./people.ts";

/** A finished release made through the API, for tests about how it is shown; `fields` ask for a language. */
async function releaseThroughApi(
  expect: ExpectStatic,
  session: StoredSession,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([speechWav(20)], { type: "audio/wav" }), "market-briefing.wav");
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  const auth = { authorization: `Bearer ${session.token}` };
  const started = await fetch(`${baseUrl()}/api/press-releases`, { method: "POST", headers: auth, body: form });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${baseUrl()}/api/press-releases/${id}`, { headers: auth })).json()) as { status: string })
          .status,
      { timeout: 60_000, interval: 500 },
    )
    .toBe("completed");
  return id;
}

// Side by side: each test waits on its own release job, made for an account of its own.
describe.concurrent("a release written again with options, and its alternative headlines", () => {
  it("picks another headline, and the previous one becomes an alternative", async ({ expect, page, errors }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await signInThroughApi(page, person);

    await page.goto("/voxrelease");
    const tool = page.getByRole("region", { name: "VoxRelease" });
    await tool.locator('input[type="file"]').setInputFiles({
      name: "market-briefing.wav",
      mimeType: "audio/wav",
      buffer: Buffer.from(speechWav(20)),
    });
    await tool.getByRole("button", { name: "Generate press release" }).click();
    const release = page.getByRole("region", { name: "Press release from market-briefing.wav" });
    await release.getByText("Ready").waitFor({ timeout: 60_000 });

    const others = release.getByRole("region", { name: "Other headlines" });
    const choices = others.getByRole("button", { name: /^Use this headline: / });
    await expect.poll(() => choices.count()).toBe(3);
    const picked = ((await choices.nth(1).getAttribute("aria-label")) ?? "").replace("Use this headline: ", "");
    const before = (await release.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await choices.nth(1).click();
    await page.getByText("Headline changed. The previous one is kept in Versions.").waitFor();
    await expect.poll(() => release.getByRole("heading", { level: 1 }).textContent()).toBe(picked);
    await others.getByRole("button", { name: `Use this headline: ${before}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it("writes the release again urgent, short and embargoed, as a new version", async ({ expect, page, errors }) => {
    const session = await newSession();
    const id = await releaseThroughApi(expect, session);
    await storeSession(page, session);
    await page.goto(`/voxrelease?release=${id}`);
    const release = page.getByRole("region", { name: "Press release from market-briefing.wav" });
    await release.getByText("Ready").waitFor({ timeout: 60_000 });

    await release.getByRole("button", { name: "Write again with options" }).click();
    const form = release.getByRole("form", { name: "Write it again" });
    await form.getByLabel("Tone").selectOption({ label: "Urgent" });
    await form.getByLabel("Length").selectOption({ label: "Short" });
    await form.getByLabel("Audience").selectOption({ label: "Local radio" });
    const embargo = form.getByLabel("Embargo until (Lagos time, WAT), optional");
    await embargo.fill("2020-01-01T09:00");
    await form.getByRole("button", { name: "Regenerate" }).click();
    await form.getByRole("alert").getByText("The embargo must be in the future").waitFor();
    expect(await embargo.getAttribute("aria-invalid")).toBe("true");

    await embargo.fill("2030-12-02T09:00");
    await form.getByRole("button", { name: "Regenerate" }).click();
    const status = form.getByRole("status");
    await status.getByText("Writing the release again…").waitFor();
    await status.getByText(/^Written again\./).waitFor({ timeout: 60_000 });
    await release.getByText("EMBARGOED UNTIL 09:00 WAT, 2 December 2030").waitFor();
    await expect.poll(() => release.getByRole("heading", { level: 1 }).textContent()).toMatch(/^URGENT: /);
    await release.getByText("With immediate effect", { exact: false }).waitFor();

    await release.getByRole("button", { name: "Versions" }).click();
    const versions = release.getByRole("region", { name: "Versions" });
    await versions.getByText("Version 2", { exact: false }).waitFor();
    await versions.getByRole("button", { name: "Restore version 1" }).waitFor();
    await screenshot(page, "journey-release-options-desktop");
    expect(errors).toEqual([]);
  });

  it("shows the headlines and the options form at 320 px and at 200 % text on a phone", async ({
    expect,
    openPage,
  }) => {
    const session = await newSession();
    const id = await releaseThroughApi(expect, session);
    const problems: Record<string, string[]> = {};
    for (const [name, options] of [
      ["320px", { size: { width: 320, height: 640 } }],
      ["375px-200-text", { size: { width: 375, height: 812 }, textScale: 2 }],
    ] as const) {
      const phone = await openPage("mobile", options);
      await storeSession(phone.page, session);
      await phone.page.goto(`/voxrelease?release=${id}`);
      const shown = phone.page.getByRole("region", { name: "Press release from market-briefing.wav" });
      await shown.getByRole("region", { name: "Other headlines" }).waitFor({ timeout: 60_000 });
      await shown.getByRole("button", { name: "Write again with options" }).click();
      await shown.getByRole("form", { name: "Write it again" }).getByLabel("Tone").waitFor();
      await screenshot(phone.page, `release-options-${name}`);
      problems[name] = await layoutProblems(phone.page, "mobile");
      expect(phone.errors).toEqual([]);
    }
    expect(Object.values(problems).flat()).toEqual([]);
  });

  it("edits the release in Yorùbá and downloads it as PDF and DOCX named with its language", async ({
    expect,
    page,
    errors,
    openPage,
  }) => {
    const session = await newSession();
    const id = await releaseThroughApi(expect, session, { language: "yo", also_in_language: "true" });
    await storeSession(page, session);
    await page.goto(`/voxrelease?release=${id}`);
    const copy = page.getByRole("region", { name: "In Yorùbá", exact: true });
    await copy.getByRole("button", { name: "Edit text in Yorùbá" }).click({ timeout: 30_000 });
    const text = "# Ìjọba ṣí kànga mẹ́wàá ní Ìbàdàn\n\n**ÌBÀDÀN** — Àjọ náà ṣí kànga méjìlá.\n\n###\n";
    await copy.getByLabel("Press release in Yorùbá (Markdown)").fill(text);
    // The editor starts out "Saved", so the status alone can be read before the edit has gone out:
    // the Worker's copy is what shows it was saved.
    const auth = { authorization: `Bearer ${session.token}` };
    await expect
      .poll(
        async () =>
          (await (await fetch(`${baseUrl()}/api/press-releases/${id}`, { headers: auth })).json()).translation,
      )
      .toEqual({ language: "yo", text });
    await copy.getByRole("status").getByText("Saved", { exact: true }).waitFor();

    for (const format of ["PDF", "DOCX"]) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        copy.getByRole("button", { name: `Download ${format} in Yorùbá` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^ijoba-si-kanga-mewaa-ni-ibadan-yo-\\d{4}-\\d\\d-\\d\\d\\.${format.toLowerCase()}$`),
      );
    }
    await copy.getByRole("button", { name: "Versions in Yorùbá" }).click();
    await copy.getByRole("region", { name: "Versions in Yorùbá" }).getByText("Version 2", { exact: false }).waitFor();
    await copy.getByRole("button", { name: "Preview in Yorùbá" }).click();
    await screenshot(page, "translated-release-desktop");
    expect(errors).toEqual([]);

    const phone = await openPage("mobile", { size: { width: 375, height: 812 } });
    await storeSession(phone.page, session);
    await phone.page.goto(`/voxrelease?release=${id}`);
    const onPhone = phone.page.getByRole("region", { name: "In Yorùbá", exact: true });
    await onPhone.getByRole("button", { name: "Download PDF in Yorùbá" }).waitFor({ timeout: 15_000 });
    await screenshot(phone.page, "translated-release-375px");
    expect(await layoutProblems(phone.page, "mobile")).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
