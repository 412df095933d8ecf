import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { client, codeFrom, outbox, registerAndSignIn, waitForMail } from "./helpers.ts";

const RESET_SUBJECT = /^\d{6} is your Vox password reset code$/;

async function requestCode(email: string) {
  const before = (await outbox(email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
  const response = await client().post("/auth/forgot-password", { email });
  expect(response.status).toBe(200);
  const [latest] = await waitForMail(email, before + 1, RESET_SUBJECT);
  return codeFrom(latest?.text ?? "");
}

describe("password recovery", () => {
  it("answers the same for unknown and known e-mails, and only mails real accounts", async () => {
    const { input } = await registerAndSignIn();
    const known = await client().post("/auth/forgot-password", { email: input.email });
    const unknown = await client().post("/auth/forgot-password", { email: "ghost@example.ng" });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await waitForMail(input.email, 1, RESET_SUBJECT))[0]?.subject).toMatch(RESET_SUBJECT);
    expect(await outbox("ghost@example.ng")).toEqual([]);
  });

  it("code → grant → new password; the grant works once and every old session ends", async () => {
    const { api, input, user } = await registerAndSignIn();
    const code = await requestCode(input.email);
    const verified = await client().post("/auth/verify-otp", { email: input.email, otp: code });
    expect(verified.status).toBe(200);
    const grant = ((await verified.json()) as { data: { user_id: string } }).data.user_id;
    // An opaque 256-bit grant, not the account id.
    expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(grant).not.toContain(user.id);

    const reset = { user_id: grant, password: "fresh password 42", password_confirmation: "fresh password 42" };
    expect((await client().post("/auth/reset-password", reset)).status).toBe(200);
    expect((await api.get("/auth/me")).status).toBe(401);
    expect((await client().post("/auth/signin", { email: input.email, password: "fresh password 42" })).status).toBe(
      200,
    );

    const reused = await client().post("/auth/reset-password", {
      ...reset,
      password: "another one 43",
      password_confirmation: "another one 43",
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: "invalid_grant" });
    // The code was spent by the successful verification.
    expect((await client().post("/auth/verify-otp", { email: input.email, otp: code })).status).toBe(400);
  });

  it("allows 5 wrong codes, after which even the right code is dead", async () => {
    const { input } = await registerAndSignIn();
    const code = await requestCode(input.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const response = await client().post("/auth/verify-otp", { email: input.email, otp: wrong });
      expect(response.status).toBe(400);
    }
    const right = await client().post("/auth/verify-otp", { email: input.email, otp: code });
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ code: "invalid_otp" });
  });

  it("an expired code or grant is refused", async () => {
    const { input } = await registerAndSignIn();
    const code = await requestCode(input.email);
    await env.DB.prepare("UPDATE password_reset_codes SET expires_at = ?")
      .bind(new Date(Date.now() - 1).toISOString())
      .run();
    expect((await client().post("/auth/verify-otp", { email: input.email, otp: code })).status).toBe(400);

    const fresh = await requestCode(input.email);
    const grant = (
      (await (await client().post("/auth/verify-otp", { email: input.email, otp: fresh })).json()) as {
        data: { user_id: string };
      }
    ).data.user_id;
    await env.DB.prepare("UPDATE password_reset_grants SET expires_at = ?")
      .bind(new Date(Date.now() - 1).toISOString())
      .run();
    const reset = await client().post("/auth/reset-password", {
      user_id: grant,
      password: "fresh password 42",
      password_confirmation: "fresh password 42",
    });
    expect(reset.status).toBe(400);
  });

  it("shows the spec's messages for missing fields", async () => {
    const forgot = await client().post("/auth/forgot-password", {});
    expect(await forgot.json()).toMatchObject({ errors: { email: ["Email is required"] } });
    const verify = await client().post("/auth/verify-otp", { email: "a@b.ng" });
    expect(await verify.json()).toMatchObject({ errors: { otp: ["Otp is required"] } });
  });
});
