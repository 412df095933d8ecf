import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";
import {
  mailedCode,
  newPerson,
  outbox,
  registerThroughApi,
  signInThroughApi,
  VERIFICATION_CODE_SUBJECT,
} from "./people.ts";
import { makeRelease } from "./press-kit.ts";

const INVITATION_SUBJECT = / invited you to .+ on Vox$/;

/** The path of the invitation link mailed to `email`, once it has arrived. */
async function invitationLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await outbox(email)).find((message) => INVITATION_SUBJECT.test(message.subject));
    const link = /https?:\/\/[^/\s]+(\/join\?token=[\w-]+)/.exec(mail?.text ?? "")?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no invitation reached ${email}`);
}

/** A new account signed in on `page` that buys Yearly (3 people) at the sandbox checkout. */
async function ownerOnYearly(page: Page) {
  const owner = newPerson();
  await registerThroughApi(owner);
  await signInThroughApi(page, owner);
  await page.goto("/pricing");
  const yearly = page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Yearly" }) });
  expect(await yearly.textContent()).toContain("3 people");
  await yearly.getByRole("button", { name: "Get Started" }).click();
  await page.waitForURL("**/__sandbox/paystack/checkout/**");
  await page.getByRole("button", { name: "Pay" }).click();
  await page.getByText(/^Payment successful/).waitFor();
  return owner;
}

describe("a workspace in the browser", () => {
  it("an owner on Yearly invites from Settings › Team; a new person joins by the mailed link on a phone, reads the release without editing it, and is out once removed", async ({
    page,
    openPage,
    errors,
  }) => {
    const owner = await ownerOnYearly(page);
    await makeRelease(page);

    await page.goto("/settings#team");
    const team = page.getByRole("tabpanel", { name: "Team" });
    await team.getByText("1 of 3 seats used.").waitFor();
    const invited = newPerson();
    await team.getByLabel("E-mail").fill(invited.email);
    await team.getByLabel("Role").selectOption("viewer");
    await team.getByRole("button", { name: "Send invitation" }).click();
    await team.getByText(`An invitation is on its way to ${invited.email}.`).waitFor();
    await team.getByText(/^1 of 3 seats used, 1 held for an invitation/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Someone new, on a phone: the link asks them to sign up and brings them back to accept.
    const phone = await openPage("mobile");
    await phone.page.goto(await invitationLink(invited.email));
    const signUp = phone.page.getByRole("dialog", { name: "Create Account" });
    await signUp.getByLabel("Full name").fill("Tunde Bello");
    await signUp.getByLabel("Email").fill(invited.email);
    await signUp.getByLabel("Phone number").fill(invited.phone);
    await signUp.getByLabel("Company name").fill(invited.company);
    await signUp.getByLabel("Password", { exact: true }).fill(invited.password);
    await signUp.getByRole("button", { name: "Create Account" }).click();
    const code = phone.page.getByRole("dialog", { name: "Verify your e-mail" });
    await code.getByLabel("Code").fill(await mailedCode(invited.email, VERIFICATION_CODE_SUBJECT));
    await code.getByRole("button", { name: "Verify" }).click();
    await code.waitFor({ state: "detached" });
    expect(new URL(phone.page.url()).pathname).toBe("/join");
    await phone.page.getByRole("button", { name: "Accept the invitation" }).click();
    await phone.page.getByText(`You joined ${owner.company}.`).waitFor();
    await phone.page.getByRole("button", { name: `Workspace: ${owner.company}. Open the menu to switch` }).waitFor();

    // The owner's release, to read: no editing controls, and the reason said.
    await phone.page.goto("/voxrelease");
    await phone.page.getByText("borehole-launch.wav").first().click();
    const shared = phone.page.getByRole("region", { name: "Press release from borehole-launch.wav" });
    await shared.getByText("Ready").waitFor();
    await shared.getByRole("note").filter({ hasText: "You can read this release; an editor can change it." }).waitFor();
    expect(await shared.getByRole("button", { name: "Edit text" }).count()).toBe(0);
    // Nor anything else a viewer would be refused: the tool's form gives way to the note saying why.
    await phone.page
      .getByRole("note")
      .filter({ hasText: `You are a viewer in ${owner.company}` })
      .waitFor();
    expect(await phone.page.getByRole("button", { name: "Generate press release" }).count()).toBe(0);
    expect(await shared.getByRole("button", { name: /^Publish/ }).count()).toBe(0);
    const deleteRelease = phone.page.getByRole("button", { name: "Delete the press release from borehole-launch.wav" });
    expect(await deleteRelease.count()).toBe(0);

    // Removed by the owner, the member is out at once: the release is no longer theirs to open.
    await page.reload();
    await team.getByRole("button", { name: `Remove Tunde Bello (${invited.email})` }).click();
    await page.getByRole("dialog", { name: "Remove Tunde Bello?" }).getByRole("button", { name: "Delete" }).click();
    await team.getByText(`Tunde Bello (${invited.email}) was removed and has lost access.`).waitFor();
    const log = team.getByRole("region", { name: "Audit log" });
    await log.getByText(`removed ${invited.email}`).waitFor();
    expect(await log.textContent()).toContain(`accepted the invitation for ${invited.email} as viewer`);
    expect(await log.textContent()).toContain(`invited ${invited.email} as viewer`);

    await phone.page.goto("/voxrelease");
    await phone.page.getByText("You are no longer a member of that workspace, so Vox shows your own.").waitFor();
    expect(await phone.page.evaluate(() => localStorage.getItem("vox_workspace"))).toBeNull();
    expect(await phone.page.getByText("borehole-launch.wav").count()).toBe(0);
    expect(errors).toEqual([]);
  });
  it("an owner hands the workspace to the editor from Settings › Team: the editor holds its billing, and the former owner stays an admin whose account deletion no longer takes it", async ({
    page,
    openPage,
    errors,
  }) => {
    const owner = await ownerOnYearly(page);

    await page.goto("/settings#team");
    const team = page.getByRole("tabpanel", { name: "Team" });
    const editor = { ...newPerson(), name: "Tunde Bello" };
    await team.getByLabel("E-mail").fill(editor.email);
    await team.getByLabel("Role").selectOption("editor");
    await team.getByRole("button", { name: "Send invitation" }).click();
    await team.getByText(`An invitation is on its way to ${editor.email}.`).waitFor();

    // The editor, on a phone, accepts.
    await registerThroughApi(editor);
    const phone = await openPage("mobile");
    await signInThroughApi(phone.page, editor);
    await phone.page.goto(await invitationLink(editor.email));
    await phone.page.getByRole("button", { name: "Accept the invitation" }).click();
    await phone.page.getByText(`You joined ${owner.company}.`).waitFor();

    await page.reload();
    await team.getByRole("button", { name: "Make Tunde Bello the owner" }).click();
    const dialog = page.getByRole("dialog", { name: `Hand ${owner.company} over to Tunde Bello?` });
    await dialog.getByRole("button", { name: "Hand over" }).click();
    await page.getByText(`Tunde Bello is now the owner of ${owner.company}. You stay in it as an admin.`).waitFor();
    await page.getByRole("button", { name: `Workspace ${owner.company}`, exact: true }).waitFor();
    await team
      .getByRole("region", { name: "Audit log" })
      .getByText(`handed the workspace over to ${editor.email}`)
      .waitFor();
    expect(await team.getByRole("button", { name: /the owner$/ }).count()).toBe(0);

    // The new owner reads the workspace's billing; the former owner is offered none of it.
    await phone.page.goto("/settings#billing");
    await phone.page.getByRole("tabpanel", { name: "Billing" }).getByText("Yearly").first().waitFor();
    expect(await phone.page.getByText("This needs the owner role").count()).toBe(0);

    // Deleting the former owner's account now names only the workspace they have left of their own.
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("button", { name: "Delete Account", exact: true }).click();
    const deletion = page.getByRole("dialog", { name: /Delete/ });
    await deletion.waitFor();
    expect(await deletion.textContent()).not.toContain(owner.company);
    expect(errors).toEqual([]);
  });
});
