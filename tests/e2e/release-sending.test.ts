import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { baseUrl, seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import { layoutProblems } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";
import { fillSpokespersonAndContact, makeRelease, savePressKit } from "./press-kit.ts";

interface OutboxMessage {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Three journalists, addresses of this run only; the third gave no consent. */
function journalistsCsv(run: string) {
  const emails = ["adaeze", "musa", "tolu"].map((name) => `${name}.${run}@news.example`);
  const path = join(mkdtempSync(join(tmpdir(), "vox-e2e-send-")), "journalists.csv");
  writeFileSync(
    path,
    [
      "name,email,outlet,beat,consent",
      `Adaeze Okafor,${emails[0]},Punch,Business,yes`,
      `Musa Bello,${emails[1]},Daily Trust,Politics,yes`,
      `Tolu Ade,${emails[2]},TechCabal,Technology,no`,
    ].join("\r\n"),
  );
  return { path, emails: emails as [string, string, string] };
}

describe("sending a release to the media list", () => {
  it("imports three journalists (one without consent), sends a published release from a phone, and counts one open and one click", async ({
    openPage,
    newContext,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    const { page, errors } = await openPage("mobile", { size: { width: 320, height: 800 } });
    await signInThroughApi(page, person);
    const run = Date.now().toString(36);

    // Complete, so the release has no gaps: one with "[Phone]" left in it is not sent.
    await savePressKit(page, async (kit) => {
      await kit.getByLabel("Newsroom address").fill(`send-${run}`);
      await fillSpokespersonAndContact(kit);
      await kit.getByLabel("Contact phone").fill("+2348031234567");
    });

    await page.getByRole("tab", { name: "Contacts" }).click();
    const contacts = page.getByRole("tabpanel", { name: "Contacts" });
    const { path, emails } = journalistsCsv(run);
    await contacts.getByLabel("Choose a CSV file").setInputFiles(path);
    await contacts.getByRole("button", { name: "Import 2 contacts" }).click();
    await contacts.getByText("Imported 2 contacts. 1 row was skipped.").waitFor();

    const release = await makeRelease(page);
    const newsroom = release.getByRole("region", { name: "Newsroom" });
    await newsroom.getByRole("button", { name: "Publish now" }).click();
    await newsroom.getByText(/^Published /).waitFor();

    // Sent with the keyboard, everyone on the list.
    const send = release.getByRole("region", { name: "Send to your media list" });
    await send.getByRole("button", { name: "Send" }).focus();
    await page.keyboard.press("Enter");
    await send.getByText("Sending to 2 contacts.").waitFor();
    const figures = release.getByRole("region", { name: "Distribution" });
    const figure = (label: string) => figures.locator("dt", { hasText: label }).locator("+ dd");
    await expect.poll(() => figure("Sent").textContent(), { timeout: 30_000 }).toBe("2");
    expect(await layoutProblems(page, "mobile")).toEqual([]);

    await expect.poll(async () => (await outbox(emails[0])).length).toBe(1);
    expect(await outbox(emails[1])).toHaveLength(1);
    expect(await outbox(emails[2])).toEqual([]);

    // Adaeze reads it in a mail client that shows images (the pixel loads), then follows its link.
    const [mail] = await outbox(emails[0]);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const reader = await (await newContext()).newPage();
    const pixel = reader.waitForResponse((response) => response.url().includes("/t/o/"));
    await reader.setContent(mail?.html ?? "");
    expect((await pixel).status()).toBe(200);
    await reader.getByRole("link", { name: /Read the release/ }).click();
    await reader.waitForURL(`**/newsroom/send-${run}/**`);
    await reader.getByRole("link", { name: "Share on WhatsApp" }).waitFor();

    await figures.getByRole("button", { name: "Refresh figures" }).click();
    await expect.poll(() => figure("Clicked").textContent()).toBe("1");
    expect(await figure("Sent").textContent()).toBe("2");
    expect(await figure("Opened").textContent()).toBe("1");
    expect(await seriousAxeViolations(page)).toEqual([]);
    const recipients = figures.getByRole("list", { name: "Recipients" });
    expect(await recipients.getByRole("listitem").count()).toBe(2);
    expect(await layoutProblems(page, "mobile")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
