import { describe } from "vitest";
import { baseUrl, screenshot } from "./browser.ts";
import { it } from "./fixtures.ts";
import { logIn, mailedCode, newPerson, outbox, RESET_CODE_SUBJECT, registerThroughApi, signUp } from "./people.ts";

// Side by side: each journey is a person of its own, and most of each is waiting on the Worker and the outbox.
describe.concurrent("account journeys in the browser", () => {
  it("sign up (logged in at once, e-mail code entered) → avatar initial → settings → change password → log out", async ({
    expect,
    page,
    errors,
  }) => {
    const person = newPerson();
    await page.goto("/");
    // Sign-up logs the person in and asks for the e-mailed code: no Login to fill in again.
    await signUp(page, person);
    expect(await page.getByRole("dialog").count()).toBe(0);

    const avatar = page.getByRole("button", { name: `Account menu for ${person.name}` });
    expect(await avatar.textContent()).toBe("C");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("userObj"))) ?? "{}")).toMatchObject({
      email: person.email,
      phone_number: "+2348031234567",
      subscription_status: 2,
    });

    await avatar.click();
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    expect(await page.getByRole("tabpanel").textContent()).toContain(person.email);
    await page.getByRole("tab", { name: "Billing and plans" }).click();
    expect(await page.getByRole("tabpanel").textContent()).toContain("Free trial");
    await page.getByRole("tab", { name: "Password and authentication" }).click();
    await page.getByLabel("Current password").fill(person.password);
    await page.getByLabel("New password", { exact: true }).fill("second password 2");
    await page.getByLabel("Confirm new password").fill("second password 2");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed.").waitFor();
    await screenshot(page, "journey-settings-desktop");

    const token = await page.evaluate(() => localStorage.getItem("token"));
    await avatar.click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("userObj")])).toEqual([
      null,
      null,
    ]);
    // The server revoked the session too.
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status)
      .toBe(401);
    await logIn(page, person.email, "second password 2");
    await page.waitForURL("**/solutions");
    expect(errors).toEqual([]);
  });

  it("Settings keeps the account's language and vocabulary, and refuses a list that is too long", async ({
    expect,
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).first().click();
    await logIn(page, person.email, person.password, { opened: true });
    await page.waitForURL("**/solutions");
    await page.goto("/settings");

    await page.getByLabel("Language", { exact: true }).selectOption({ label: "Hausa" });
    const vocabulary = page.getByLabel("Names and terms to recognise");
    await expect.poll(() => vocabulary.isEnabled()).toBe(true);
    await vocabulary.fill(Array.from({ length: 101 }, (_, i) => `Term ${i}`).join("\n"));
    await page.getByRole("button", { name: "Save vocabulary" }).click();
    await page.getByText("Use at most 100 terms (you have 101).").waitFor();

    await vocabulary.fill("Vox\n—");
    await page.getByRole("button", { name: "Save vocabulary" }).click();
    await page.getByText('"—" has no letter or digit to listen for.').waitFor();

    await vocabulary.fill("Ngozi Okonjo-Iweala\n\n  Ìbàdàn  \nVox");
    await page.getByRole("button", { name: "Save vocabulary" }).click();
    await page.getByText("Vocabulary saved: 3 terms.").waitFor();

    await page.evaluate(() => localStorage.removeItem("vox_language"));
    await page.reload();
    await expect
      .poll(() => page.getByLabel("Names and terms to recognise").inputValue())
      .toBe("Ngozi Okonjo-Iweala\nÌbàdàn\nVox");
    await expect.poll(() => page.getByLabel("Language", { exact: true }).inputValue()).toBe("ha");
    expect(errors).toEqual([]);
  });

  it("forgot password: code from the sandbox outbox → reset → log in with the new password", async ({
    expect,
    page,
    errors,
  }) => {
    const person = newPerson();
    await registerThroughApi(person);
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).first().click();
    const login = page.getByRole("dialog", { name: "Login" });
    await login.getByRole("button", { name: "Forgot Password" }).click();
    expect(await login.count()).toBe(0);

    const forgot = page.getByRole("dialog", { name: "Forgot Password" });
    await forgot.getByLabel("Email").fill("not-an-email");
    await forgot.getByLabel("Email").blur();
    await forgot.getByText("Enter a valid e-mail address").waitFor();
    await forgot.getByLabel("Email").fill(person.email);
    await forgot.getByRole("button", { name: "Submit" }).click();

    const verify = page.getByRole("dialog", { name: "Verify Otp" });
    await verify.waitFor();
    const code = await mailedCode(person.email, RESET_CODE_SUBJECT);
    await verify.getByLabel("Otp").focus();
    await verify.getByLabel("Otp").blur();
    await verify.getByText("Otp is required").waitFor();
    await verify.getByLabel("Otp").fill(code);
    await verify.getByRole("button", { name: "Submit" }).click();

    const reset = page.getByRole("dialog", { name: "Reset Password" });
    await reset.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("id"))).toBeTruthy();
    await reset.getByLabel("New Password").fill("recovered password 3");
    await reset.getByLabel("Confirm Password").fill("something else");
    await reset.getByLabel("Confirm Password").blur();
    await reset.getByText("Passwords must match").waitFor();
    await reset.getByLabel("Confirm Password").fill("recovered password 3");
    await reset.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Password reset successfully").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("id"))).toBeNull();

    await logIn(page, person.email, "recovered password 3");
    await page.waitForURL("**/solutions");
    expect(errors).toEqual([]);
  });

  it("a failed login keeps the modal open and shows the server's message", async ({ expect, page }) => {
    await page.goto("/pricing");
    await logIn(page, "nobody@example.ng", "wrong password");
    await page.getByText("Incorrect e-mail or password.").waitFor();
    expect(await page.getByRole("dialog", { name: "Login" }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/pricing`);
  });

  it("a consultation request from a tool page reaches the team", async ({ expect, page, errors }) => {
    await page.goto("/voxrelease");
    await page.getByRole("button", { name: "Request free consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Request Consultation" });
    await dialog.getByLabel("Full name").fill("Tunde Bakare");
    await dialog.getByLabel("Email").fill("tunde@newsroom.ng");
    await dialog.getByLabel("Phone number").fill("8059876543");
    await dialog.getByLabel("Company name").fill("Bakare Media");
    await dialog.getByLabel("Message").fill("We publish 20 press releases a month from recorded briefings.");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Request Submitted Successfully").waitFor();
    expect(await dialog.count()).toBe(0);
    await expect
      .poll(async () => (await outbox("hello@vox.ng")).map((mail) => mail.subject))
      .toContain("New consultation request from Tunde Bakare");
    expect(errors).toEqual([]);
  });

  it("at 375 px a signed-in visitor is greeted by name and can log out from the menu", async ({ expect, openPage }) => {
    const { page, errors } = await openPage("mobile");
    const person = { ...newPerson(), name: "Olumide Balogun" };
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).count()).toBe(0);
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close menu" }).click();
    await registerThroughApi(person);
    await page.goto("/settings");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await logIn(page, person.email, person.password, { opened: true });
    await page.waitForURL("**/solutions");
    expect(await page.locator(".mobile-cta").getByRole("link").textContent()).toBe("Hi Olumi");
    await screenshot(page, "journey-signed-in-mobile");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await page.locator(".mobile-cta").getByRole("button", { name: "Get Started" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
