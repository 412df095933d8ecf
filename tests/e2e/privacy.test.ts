import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import type { Request } from "playwright-core";
import { describe, expect } from "vitest";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { newPerson, registerThroughApi, sessionThroughApi, storeSession } from "./people.ts";

describe("the privacy notice and the terms", () => {
  it("the footer leads to both, and the notice names the data protection officer", async ({ page, errors }) => {
    await page.goto("/");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await footer.getByRole("link", { name: "Privacy notice" }).click();
    await page.waitForURL("**/privacy");
    await page.getByRole("heading", { level: 1, name: "How Vox looks after your data" }).waitFor();
    expect(await page.getByRole("link", { name: "privacy@vox.ng" }).first().getAttribute("href")).toBe(
      "mailto:privacy@vox.ng",
    );
    expect(await page.getByRole("heading", { level: 2, name: "Your rights" }).isVisible()).toBe(true);

    await footer.getByRole("link", { name: "Terms of service" }).click();
    await page.waitForURL("**/terms");
    await page.getByRole("heading", { level: 1, name: "The terms of using Vox" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("the sign-up dialog links both in a new tab, and what was typed stays", async ({ page, errors }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).first().click();
    await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Create Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Account" });
    await dialog.getByLabel("Full name").fill("Ngozi Obi");
    await dialog.getByLabel("Email").fill("ngozi@example.ng");

    for (const [name, heading] of [
      ["Terms of service", "The terms of using Vox"],
      ["Privacy notice", "How Vox looks after your data"],
    ] as const) {
      const [opened] = await Promise.all([
        page.context().waitForEvent("page"),
        dialog.getByRole("link", { name: new RegExp(`^${name}`) }).click(),
      ]);
      await opened.getByRole("heading", { level: 1, name: heading }).waitFor();
      await opened.close();
    }
    await screenshot(page, "signup-dialog-consent");
    expect(await dialog.getByLabel("Full name").inputValue()).toBe("Ngozi Obi");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("ngozi@example.ng");
    expect(errors).toEqual([]);
  });
});

describe("Settings › Account › Download my data", () => {
  it("downloads the account's data as JSON and its stored audio as a zip", async ({ page, errors }) => {
    const person = newPerson();
    await registerThroughApi(person);
    const session = await sessionThroughApi(person);
    const speech = await fetch(`${baseUrl()}/api/tts`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Our data download works end to end.", voice_id: "sbxAdaezeWarm01" }),
    });
    expect(speech.status).toBe(200);
    const audio = new Uint8Array(await speech.arrayBuffer());
    // The stored copy is written after the answer (as long as a loaded machine takes).
    await expect
      .poll(
        async () => {
          const history = await fetch(`${baseUrl()}/api/history`, {
            headers: { authorization: `Bearer ${session.token}` },
          });
          return ((await history.json()) as { items: unknown[] }).items.length;
        },
        { timeout: 60_000 },
      )
      .toBe(1);

    await storeSession(page, session);
    await page.goto("/settings#account");
    const panel = page.getByRole("tabpanel", { name: "Account" });
    const [json] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^vox-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await json.path()) ?? "", "utf8"));
    expect(data.profile).toMatchObject({ email: person.email, name: person.name });
    expect(data.speech_history).toEqual([
      expect.objectContaining({ text_excerpt: expect.stringContaining("data download") }),
    ]);
    await panel.getByText(`Downloaded ${json.suggestedFilename()}.`).waitFor();

    // The zip is the browser's own download from a link, never a fetch the page holds in memory.
    const zipRequests: Request[] = [];
    page.on("request", (request) => {
      if (/^\/api\/(downloads\/|account\/export\/files)/.test(new URL(request.url()).pathname))
        zipRequests.push(request);
    });
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("button", { name: "Download my files (zip)" }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^vox-files-\d{4}-\d{2}-\d{2}\.zip$/);
    await panel.getByText(`Your browser is downloading ${zip.suggestedFilename()}.`).waitFor();
    // Downloaded from the link itself (a page-held zip would be a blob: URL), and the page fetched
    // only the links.
    expect(zip.url()).toMatch(new RegExp(`^${baseUrl()}/api/downloads/[A-Za-z0-9_-]{43}/1$`));
    expect(zipRequests.map((request) => [new URL(request.url()).pathname, request.resourceType()])).toEqual([
      ["/api/account/export/files/links", "fetch"],
    ]);
    const files = unzipSync(new Uint8Array(readFileSync((await zip.path()) ?? "")));
    expect(Object.keys(files)).toEqual([data.speech_history[0].file]);
    expect(files[data.speech_history[0].file]).toEqual(audio);
    await screenshot(page, "settings-download-my-data");
    expect(errors).toEqual([]);
  });
});
