import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import { reviewAtBothSizes } from "./layout.ts";
import { newPerson, registerThroughApi, signInThroughApi } from "./people.ts";

/** Three journalists as a spreadsheet exports them; the third gave no consent. */
function journalistsCsv(): string {
  const path = join(mkdtempSync(join(tmpdir(), "vox-e2e-contacts-")), "journalists.csv");
  writeFileSync(
    path,
    [
      "name,email,outlet,beat,consent,tags",
      "Adaeze Okafor,adaeze@punchng.example,Punch,Business,yes,business;lagos",
      'Musa Bello,musa@dailytrust.example,"Daily Trust, Abuja",Politics,true,politics',
      "Tolu Ade,tolu@techcabal.example,TechCabal,Technology,no,tech",
    ].join("\r\n"),
  );
  return path;
}

describe("Settings › Contacts: the media list", () => {
  it("on a phone, a CSV of three journalists is checked (the one without consent named), imported, listed, one corrected and one deleted; laid out at both sizes", async ({
    openPage,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    const { page, errors } = await openPage("mobile");
    await signInThroughApi(page, person);
    await page.goto("/settings#contacts");
    const panel = page.getByRole("tabpanel", { name: "Contacts" });
    await panel.getByText("No contacts yet. Import a CSV to start your media list.").waitFor();

    await panel.getByLabel("Choose a CSV file").setInputFiles(journalistsCsv());
    const preview = panel.getByRole("region", { name: "journalists.csv" });
    await expect.poll(() => preview.textContent()).toContain("2 contacts will be imported; 1 row will be skipped.");
    expect(await preview.getByRole("list", { name: "Rows that will be skipped" }).textContent()).toContain(
      'Row 4 (tolu@techcabal.example): No consent recorded: the consent column says "no"',
    );
    expect(await reviewAtBothSizes(page, "contacts-preview")).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await preview.getByRole("button", { name: "Import 2 contacts" }).click();
    await panel.getByText("Imported 2 contacts. 1 row was skipped.").waitFor();
    const list = panel.getByRole("list", { name: "Your media list" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    expect(await list.getByRole("listitem").nth(1).textContent()).toContain("Daily Trust, Abuja");
    expect(await reviewAtBothSizes(page, "contacts-list")).toEqual([]);

    // Corrected in its row, then laid out with the editor open.
    await list.getByRole("button", { name: "Edit Adaeze Okafor (adaeze@punchng.example)" }).click();
    const editor = list.getByRole("form", { name: "Edit adaeze@punchng.example" });
    await editor.getByLabel("Beat").fill("Energy");
    expect(await reviewAtBothSizes(page, "contacts-editor")).toEqual([]);
    await editor.getByRole("button", { name: "Save contact" }).click();
    await panel.getByText("Saved Adaeze Okafor (adaeze@punchng.example).").waitFor();
    await expect.poll(() => list.getByRole("listitem").first().textContent()).toContain("Punch · Energy");

    // With the keyboard: the delete button, then the dialog's Delete.
    await list.getByRole("button", { name: "Delete Musa Bello (musa@dailytrust.example)" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete this contact?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await panel.getByText("Deleted Musa Bello (musa@dailytrust.example) from your media list.").waitFor();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);

    // Kept by the Worker, not only the page.
    await page.reload();
    await page.getByRole("tabpanel", { name: "Contacts" }).getByText("Adaeze Okafor").waitFor();
    expect(errors).toEqual([]);
  });
});
