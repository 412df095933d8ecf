import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { LIVE_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { type Client, client, registerAndSignIn, resetPassword } from "./helpers.ts";
import { finals, frame, open, readyOf, resume, type Session, ticketFor, until, upgrade } from "./live-sockets.ts";

// Real sockets through the relay and the provider emulator; a busy machine is slow.
vi.setConfig({ testTimeout: 30_000 });

const signedOut = { code: LIVE_CLOSES.signedOut.code, reason: LIVE_CLOSES.signedOut.message };

/** The same account signed in on a second device. */
async function secondDevice(input: { email: string; password: string }): Promise<Client & { token: string }> {
  const api = client();
  const response = await api.post("/auth/signin", { email: input.email, password: input.password });
  expect(response.status).toBe(200);
  api.token = ((await response.json()) as { token: string }).token;
  return api as Client & { token: string };
}

/** An account that may run several live sessions at once, on two devices. */
async function twoDevices() {
  const first = await registerAndSignIn();
  await env.DB.prepare("UPDATE users SET plan = 'enterprise' WHERE id = ?").bind(first.user.id).run();
  return { first, second: await secondDevice(first.input) };
}

/** A running session that has heard one sentence. */
async function speaking(token: string): Promise<Session> {
  const session = await open(token);
  await session.received(1);
  for (let i = 0; i < 12; i++) session.socket.send(frame());
  await until(session, (messages) => finals(messages).length === 1);
  return session;
}

async function expectTicketRefused(ticket: string): Promise<void> {
  const refused = await upgrade(`ticket=${ticket}`);
  expect(refused.status).toBe(401);
  expect(refused.webSocket).toBeNull();
  expect(await refused.json()).toMatchObject({ code: "invalid_ticket" });
}

/** Ended, with its audio metered: the row the relay leaves once a session is over. */
async function expectEnded(session: Session): Promise<void> {
  const row = await env.DB.prepare("SELECT status, audio_seconds FROM live_sessions WHERE id = ?")
    .bind(session.id)
    .first<{ status: string; audio_seconds: number }>();
  expect(row).toEqual({ status: "ended", audio_seconds: 3 });
}

describe("signing out ends live access", () => {
  it("logout revokes that sign-in's unspent tickets: one minted before it opens nothing after (401)", async () => {
    const { api, token } = await registerAndSignIn();
    const ticket = await ticketFor(token);
    expect((await api.post("/auth/logout", {})).status).toBe(200);
    await expectTicketRefused(ticket);
  });

  it("logout closes that sign-in's live socket with 4202 and ends the session; another device's goes on", async () => {
    const { first, second } = await twoDevices();
    const mine = await speaking(first.token);
    const theirs = await speaking(second.token);
    expect((await first.api.post("/auth/logout", {})).status).toBe(200);
    expect(await mine.closed).toEqual(signedOut);
    expect(mine.messages).toContainEqual({ type: "error", code: 4202, message: LIVE_CLOSES.signedOut.message });
    await expectEnded(mine);
    // Over, not waiting for a resume: even the owner's other sign-in cannot reattach.
    const back = await resume(second.token, readyOf(mine.messages).resume_token, 1);
    expect((await back.closed).code).toBe(LIVE_CLOSES.sessionExpired.code);

    for (let i = 0; i < 12; i++) theirs.socket.send(frame());
    await until(theirs, (messages) => finals(messages).length === 2);
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("a password reset closes every live socket of the account and revokes all its tickets", async () => {
    const { first, second } = await twoDevices();
    const ticket = await ticketFor(second.token);
    const session = await speaking(first.token);

    await resetPassword(first.input.email);

    expect(await session.closed).toEqual(signedOut);
    await expectEnded(session);
    await expectTicketRefused(ticket);
  });

  it("a password change signs the other devices out of their sessions and tickets; this device's session goes on", async () => {
    const { first, second } = await twoDevices();
    const theirTicket = await ticketFor(second.token);
    const theirs = await speaking(second.token);
    const mine = await speaking(first.token);
    const password = "another password 7";
    const changed = await first.api.post("/auth/change-password", {
      current_password: first.input.password,
      password,
      password_confirmation: password,
    });
    expect(changed.status).toBe(200);

    expect(await theirs.closed).toEqual(signedOut);
    await expectEnded(theirs);
    await expectTicketRefused(theirTicket);
    for (let i = 0; i < 12; i++) mine.socket.send(frame());
    await until(mine, (messages) => finals(messages).length === 2);
    expect(mine.socket.readyState).toBe(WebSocket.OPEN);
  });
});
