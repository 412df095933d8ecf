import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { client, cookiePairs, newUserInput, outbox, registerAndSignIn, waitForMail } from "./helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("POST /auth/register", () => {
  it("creates the account with a normalised phone and a 2-day trial, never echoing the password", async () => {
    const input = newUserInput({ phone_number: "0803 123 4567" });
    const response = await client().post("/auth/register", input);
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      name: "Adaobi Okafor",
      email: input.email,
      phone_number: "+2348031234567",
      organization_name: "Lagos Newsroom",
      subscription_status: 2,
      plan: null,
      subscription_expires_at: null,
    });
    expect(Date.parse(String(data.trial_ends_at)) - Date.now()).toBeGreaterThan(2 * DAY_MS - 60_000);
    expect(JSON.stringify(data)).not.toContain("argon2");
  });

  it("normalises 8031234567 the same as 08031234567", async () => {
    const response = await client().post("/auth/register", newUserInput({ phone_number: "8031234567" }));
    expect(((await response.json()) as { data: { phone_number: string } }).data.phone_number).toBe("+2348031234567");
  });

  it("answers a sign-up for a taken address, in any letter case, as for a new one and mails the owner instead", async () => {
    const { input, api } = await registerAndSignIn();
    const fresh = await client().post("/auth/register", newUserInput({ name: "Eve Intruder" }));
    const again = await client().post("/auth/register", {
      ...input,
      name: "Eve Intruder",
      email: input.email.toUpperCase(),
      password: "another password",
    });
    expect(again.status).toBe(fresh.status);
    const freshBody = (await fresh.json()) as { message: string; data: Record<string, unknown> };
    const againBody = (await again.json()) as { message: string; data: Record<string, unknown> };
    expect(againBody.message).toBe(freshBody.message);
    expect(Object.keys(againBody.data).sort()).toEqual(Object.keys(freshBody.data).sort());
    expect(againBody.data).toMatchObject({ name: "Eve Intruder", email_verified: false, subscription_status: 2 });

    const [notice] = await waitForMail(input.email, 1, /^Someone tried to create a Vox account with your address$/);
    expect(notice?.text).toMatch(/if it was you, log in or reset your password/i);
    expect(notice?.text).not.toContain("Eve Intruder");
    expect(await outbox(input.email)).toHaveLength(2);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(input.email).first("n")).toBe(
      1,
    );
    expect((await api.get("/auth/me")).status).toBe(200);
    expect((await client().post("/auth/signin", { email: input.email, password: input.password })).status).toBe(200);
  });

  it("rejects an invalid phone number and too-short password with field errors", async () => {
    const badPhone = await client().post("/auth/register", newUserInput({ phone_number: "12" }));
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toMatchObject({ errors: { phone_number: ["Enter a valid Nigerian phone number"] } });
    const shortPassword = await client().post("/auth/register", newUserInput({ password: "short" }));
    expect(shortPassword.status).toBe(400);
    expect(await shortPassword.json()).toMatchObject({
      code: "validation_failed",
      message: "password: Use at least 8 characters",
    });
  });

  it("refuses a name or organisation carrying line breaks or control characters", async () => {
    const injected = await client().post("/auth/register", newUserInput({ name: "Eve\r\nBcc: victim@example.com" }));
    expect(injected.status).toBe(400);
    expect(await injected.json()).toMatchObject({
      code: "validation_failed",
      message: "name: A name cannot contain line breaks or control characters",
      errors: { name: ["A name cannot contain line breaks or control characters"] },
    });
    const bidi = await client().post("/auth/register", newUserInput({ organization_name: "Lagos \u2066Newsroom" }));
    expect(bidi.status).toBe(400);
    expect(await bidi.json()).toMatchObject({ errors: { organization_name: [expect.any(String)] } });
  });
});

describe("sign-in and sessions", () => {
  it("signs in and answers { message, token, data: user }; /auth/me returns the same user", async () => {
    const { api, user } = await registerAndSignIn();
    const me = await api.get("/auth/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { id: string } }).data.id).toBe(user.id);
  });

  it("answers wrong password and unknown e-mail with the same 401 message", async () => {
    const { input } = await registerAndSignIn();
    const wrongPassword = await client().post("/auth/signin", { email: input.email, password: "not the password" });
    const unknownEmail = await client().post("/auth/signin", { email: "nobody@example.ng", password: "whatever1" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
  });

  it("logout revokes the session on the server", async () => {
    const { api } = await registerAndSignIn();
    expect((await api.post("/auth/logout", {})).status).toBe(200);
    expect((await api.get("/auth/me")).status).toBe(401);
  });

  it("an expired or forged token gets 401", async () => {
    const { api } = await registerAndSignIn();
    await env.DB.prepare("UPDATE sessions SET expires_at = ?")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    expect((await api.get("/auth/me")).status).toBe(401);
    api.token = "forged-token-forged-token-forged";
    expect((await api.get("/auth/me")).status).toBe(401);
    const noToken = client();
    expect(await (await noToken.get("/auth/me")).json()).toMatchObject({ code: "unauthorized" });
  });

  it("limits sign-in attempts per e-mail with 429 and Retry-After", async () => {
    const { input } = await registerAndSignIn();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await client().post("/auth/signin", { email: input.email, password: "wrong password" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 9).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("change password and delete account", () => {
  it("changing the password needs the current one, keeps this session and ends the others", async () => {
    const { api, input } = await registerAndSignIn();
    const other = client();
    other.token = (
      (await (await other.post("/auth/signin", { email: input.email, password: input.password })).json()) as {
        token: string;
      }
    ).token;

    const wrong = await api.post("/auth/change-password", {
      current_password: "not it at all",
      password: "a brand new secret",
      password_confirmation: "a brand new secret",
    });
    expect(wrong.status).toBe(400);
    const mismatch = await api.post("/auth/change-password", {
      current_password: input.password,
      password: "a brand new secret",
      password_confirmation: "something else",
    });
    expect(await mismatch.json()).toMatchObject({ errors: { password_confirmation: ["Passwords must match"] } });

    const changed = await api.post("/auth/change-password", {
      current_password: input.password,
      password: "a brand new secret",
      password_confirmation: "a brand new secret",
    });
    expect(changed.status).toBe(200);
    expect((await api.get("/auth/me")).status).toBe(200);
    expect((await other.get("/auth/me")).status).toBe(401);
    expect((await client().post("/auth/signin", { email: input.email, password: input.password })).status).toBe(401);
    expect((await client().post("/auth/signin", { email: input.email, password: "a brand new secret" })).status).toBe(
      200,
    );
  });

  it("deleting the account needs the password, then removes the user and every session", async () => {
    const { api, input, user } = await registerAndSignIn();
    expect((await api.post("/auth/delete-account", { password: "wrong one!" })).status).toBe(400);
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect((await api.get("/auth/me")).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(user.id).first("n")).toBe(
      0,
    );
    expect((await client().post("/auth/signin", { email: input.email, password: input.password })).status).toBe(401);
  });
});

describe("device cookies", () => {
  it("a browser that signed in before keeps signing in while wrong passwords from elsewhere hold the account", async () => {
    const { input } = await registerAndSignIn();
    const browser = client();
    const first = await browser.post("/auth/signin", { email: input.email, password: input.password });
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith("vox_device="));
    expect(device).toMatch(/; HttpOnly/i);
    expect(device).toMatch(/; SameSite=Strict/i);
    expect(device).not.toMatch(/; Secure/i);
    browser.cookie = cookiePairs(first);

    const limit = RATE_LIMITS.signin.email.limit;
    for (let i = 0; i < limit; i++) {
      const wrong = await client().post("/auth/signin", { email: input.email, password: "wrong password" });
      expect([401, 429]).toContain(wrong.status);
    }
    const stranger = await client().post("/auth/signin", { email: input.email, password: input.password });
    expect(stranger.status).toBe(429);
    expect((await browser.post("/auth/signin", { email: input.email, password: input.password })).status).toBe(200);

    // A forged or another account's cookie is no exemption.
    const forged = client();
    forged.cookie = browser.cookie.replace(/vox_device=[^;]*/, "vox_device=forged.forged");
    expect((await forged.post("/auth/signin", { email: input.email, password: input.password })).status).toBe(429);
    const { api: other } = await registerAndSignIn();
    const borrowed = client();
    borrowed.cookie = other.cookie;
    expect((await borrowed.post("/auth/signin", { email: input.email, password: input.password })).status).toBe(429);

    // The browser keeps its own attempt limit.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.signin.device.limit; i++) {
      statuses.push((await browser.post("/auth/signin", { email: input.email, password: "wrong password" })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await browser.post("/auth/signin", { email: input.email, password: input.password })).status).toBe(429);
  });

  it("marks the device cookie Secure when the site is served over https", async () => {
    const { input } = await registerAndSignIn();
    const response = await exports.default.fetch(
      new Request("https://127.0.0.1/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": client().ip },
        body: JSON.stringify({ email: input.email, password: input.password }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("vox_device="))).toMatch(/; Secure/i);
  });
});
