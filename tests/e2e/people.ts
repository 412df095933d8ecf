import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";

/** People and the account steps the browser journeys share. */

let counter = 0;

/**
 * Each person made through the API comes from their own address, as real people do; the
 * per-IP sign-up and sign-in limits would otherwise count the whole suite as one client. Each test
 * file loads this module afresh, so the counter repeats across files: a random network per load
 * keeps files apart (IPv6 documentation space, one /64 per person, as the limits key IPv6).
 */
const NETWORK = (crypto.getRandomValues(new Uint16Array(1))[0] ?? 0).toString(16);
const clientAddress = () => `2001:db8:${NETWORK}:${counter.toString(16)}::1`;

export function newPerson() {
  counter++;
  return {
    name: "Chiamaka Eze",
    email: `chiamaka.${counter}.${Date.now()}@example.ng`,
    phone: "08031234567",
    company: "Eze Communications",
    password: "first password 1",
  };
}

export async function outbox(to: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await fetch(`${baseUrl()}/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

export const RESET_CODE_SUBJECT = /^\d{6} is your Vox password reset code$/;
export const VERIFICATION_CODE_SUBJECT = /^\d{6} is your Vox e-mail verification code$/;

/** The code in the newest mail whose subject matches, once it has arrived (mail is sent after the answer). */
export async function mailedCode(to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await outbox(to)).find((message) => subject.test(message.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail matching ${subject} reached ${to}`);
}

/** Enters the sign-up's verification code through the API, as the person would in the dialog. */
export async function verifyEmailThroughApi(person: ReturnType<typeof newPerson>): Promise<void> {
  const code = await mailedCode(person.email, VERIFICATION_CODE_SUBJECT);
  const response = await fetch(`${baseUrl()}/auth/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": clientAddress() },
    body: JSON.stringify({ email: person.email, code }),
  });
  expect(response.status).toBe(200);
}

/**
 * Signs up through the Create Account dialog, which logs the person in and opens the e-mailed code
 * step. The code from the outbox is entered there unless `verify` is false (the step is then left
 * open), so journeys about something else find their tools open. `loginOpen`: a press of the
 * journey's own (a plan's Get Started, say) has already opened the Login dialog.
 */
export async function signUp(
  page: Page,
  person: ReturnType<typeof newPerson>,
  { verify = true, loginOpen = false } = {},
) {
  if (!loginOpen) await page.getByRole("button", { name: "Login" }).first().click();
  await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  await dialog.getByLabel("Full name").fill(person.name);
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Phone number").pressSequentially("0803-123 4567");
  expect(await dialog.getByLabel("Phone number").inputValue()).toBe("08031234567");
  await dialog.getByLabel("Company name").fill(person.company);
  await dialog.getByLabel("Password", { exact: true }).fill(person.password);
  await dialog.getByRole("button", { name: "Show password" }).click();
  expect(await dialog.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Signed Up Successfully").waitFor();
  const code = page.getByRole("dialog", { name: "Verify your e-mail" });
  await code.waitFor();
  if (!verify) return;
  await code.getByLabel("Code").fill(await mailedCode(person.email, VERIFICATION_CODE_SUBJECT));
  await code.getByRole("button", { name: "Verify" }).click();
  await page.getByText("E-mail verified. Your free trial has started.").waitFor();
  await code.waitFor({ state: "detached" });
}

/**
 * Logs in through the Login dialog, once the page has hydrated. `opened` says the caller has just
 * pressed something that opens it (or the app hands over to it, as sign-up can): the dialog then
 * shows once its code has loaded, and only when none shows within five seconds of hydrating is the
 * header's Login pressed. Five, not two: a lazy chunk on a busy two-core machine can take seconds,
 * and pressing Login under a dialog that has just opened waits on a covered button until the test
 * fails. Without `opened` nothing is about to show it, so the header's Login is pressed at once.
 */
export async function logIn(page: Page, email: string, password: string, { opened = false } = {}) {
  const dialog = page.getByRole("dialog", { name: "Login" });
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const shown =
    opened &&
    (await dialog.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    ));
  if (!shown) await page.getByRole("button", { name: "Login" }).first().click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
}

/**
 * Wrong passwords for `email` from a stranger's address until the Worker refuses more (at most
 * `cap` tries), as someone guessing would send them: the last status, 429 once the address is locked.
 */
export async function guessUntilLocked(email: string, cap = 30): Promise<number> {
  counter++;
  const address = clientAddress();
  let status = 0;
  for (let attempt = 0; attempt < cap && status !== 429; attempt++) {
    const response = await fetch(`${baseUrl()}/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": address },
      body: JSON.stringify({ email, password: "not the password at all" }),
    });
    status = response.status;
  }
  return status;
}

/** An account made through the API that has not entered its verification code yet. */
export async function registerUnverified(person: ReturnType<typeof newPerson>): Promise<void> {
  const response = await fetch(`${baseUrl()}/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": clientAddress() },
    body: JSON.stringify({
      name: person.name,
      email: person.email,
      phone_number: person.phone,
      organization_name: person.company,
      password: person.password,
    }),
  });
  expect(response.status).toBe(201);
}

/** An account made through the API, e-mail verified, for journeys that start signed up. */
export async function registerThroughApi(person: ReturnType<typeof newPerson>): Promise<void> {
  await registerUnverified(person);
  await verifyEmailThroughApi(person);
}

/** A session as the login modal stores it (keys `token` and `userObj`). */
export interface StoredSession {
  readonly token: string;
  readonly user: string;
}

/** Signs in through the API once; the session can then be given to any number of pages. */
export async function sessionThroughApi(person: ReturnType<typeof newPerson>): Promise<StoredSession> {
  const response = await fetch(`${baseUrl()}/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": clientAddress() },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(response.status).toBe(200);
  const { token, data } = (await response.json()) as { token: string; data: unknown };
  return { token, user: JSON.stringify(data) };
}

/** Someone new, registered and signed in through the API, for tests that only need a session. */
export async function newSession(): Promise<StoredSession> {
  const person = newPerson();
  await registerThroughApi(person);
  return sessionThroughApi(person);
}

/** Stores the session before the page's own scripts run, as if the person had just logged in. */
export async function storeSession(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(
    ([storedToken, user]) => {
      // The page's frames (a sandboxed one may not read storage) are not the visitor.
      if (window.top !== window) return;
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", storedToken);
        localStorage.setItem("userObj", user);
      }
    },
    [session.token, session.user] as const,
  );
}

/**
 * Signs in through the API and stores the session as the login modal would, for journeys about
 * something else, on any viewport.
 */
export async function signInThroughApi(page: Page, person: ReturnType<typeof newPerson>): Promise<void> {
  await storeSession(page, await sessionThroughApi(person));
}
