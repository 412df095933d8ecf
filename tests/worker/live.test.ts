import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { languageRefusal } from "../../worker/contracts/language-support.ts";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import {
  type LiveServerMessage,
  liveTicketSchema,
  transcriptDetailSchema,
  transcriptListSchema,
} from "../../worker/live/contracts/live.ts";
import { LIVE_CLOSES, PAGE_WENT_OFFLINE, WATCH_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import type { SessionState } from "../../worker/live/session-state.ts";
import { monthOf } from "../../worker/live/usage.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import {
  finals,
  frame,
  open,
  readyOf,
  relay,
  resume,
  type Session,
  ticketFor,
  transcripts,
  until,
  upgrade,
} from "./live-sockets.ts";

// Each test drives real sockets through the relay and the emulator; on a busy machine that takes
// longer than vitest's 5 s default.
vi.setConfig({ testTimeout: 30_000 });

describe("live transcription tickets", () => {
  it("need a signed-in user on an active plan, and say how much of the month is left", async () => {
    expect((await call("/api/live/ticket", { method: "POST" })).status).toBe(401);
    const { token, user } = await registerAndSignIn();
    const response = await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(liveTicketSchema.parse(await response.json())).toMatchObject({ expires_in: 60, seconds_left: 10 * 3600 });
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", user.id)
      .run();
    expect(
      (await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(402);
  });

  it("are given only for a language a streaming provider serves; any other is a 400 that says why (Yorùbá and Hausa: live-languages.test.ts)", async () => {
    const { token } = await registerAndSignIn();
    const ask = (body: unknown) =>
      call("/api/live/ticket", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const language of ["pcm"] as const) {
      const refused = await ask({ language });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "language_not_served",
        message: languageRefusal("live", language),
        errors: { language: [expect.stringMatching(/^Not available in /)] },
      });
    }
    const unknown = await ask({ language: "fr" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "validation_failed" });
    expect((await ask({ language: "en" })).status).toBe(201);
    expect((await ask({})).status).toBe(201);
  });

  it("open a session in the ticket's language, whose provider stream expects the account's vocabulary", async () => {
    const { token } = await registerAndSignIn();
    const terms = ["Vox", "Ọba Akínwùmí", "Studio 54:2"];
    const saved = await call("/api/vocabulary", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ terms }),
    });
    expect(saved.status).toBe(200);
    const session = await open(token);
    session.socket.send(frame());
    // The emulator refuses a stream whose keyterms are not as Deepgram takes them; this one runs.
    await until(session, (messages) => transcripts(messages).length > 0);
    const state = await runInDurableObject(relay(session.id), (_, object) =>
      object.storage.get<SessionState>("session"),
    );
    expect(state).toMatchObject({ language: "en", keyterms: terms });
  });

  it("open the socket once: no ticket, a forged one and a reused one get 401 before any upgrade", async () => {
    const { token } = await registerAndSignIn();
    for (const query of ["", "ticket=forged"]) {
      const refused = await upgrade(query);
      expect(refused.status).toBe(401);
      expect(refused.webSocket).toBeNull();
      expect(await refused.json()).toMatchObject({ code: "invalid_ticket" });
    }
    const ticket = await ticketFor(token);
    const first = await upgrade(`ticket=${ticket}`);
    expect(first.status).toBe(101);
    first.webSocket?.accept();
    first.webSocket?.close(1000);
    expect((await upgrade(`ticket=${ticket}`)).status).toBe(401);
    const other = await registerAndSignIn();
    expect((await call(`/api/live?ticket=${await ticketFor(other.token)}`)).status).toBe(426);
  });

  it("are limited per user", async () => {
    const { token } = await registerAndSignIn();
    for (let i = 0; i < TOOL_RATE_LIMITS.live.limit; i++) await ticketFor(token);
    expect(
      (await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(429);
  }, 20_000);
});

describe("the live transcription relay", () => {
  it("forwards audio, relays interim then final text, and closes 1000 after stop", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    for (let i = 0; i < 14; i++) session.socket.send(frame());
    const messages = await session.received(15);
    const heard = transcripts(messages);
    expect(heard.every((m) => m.text.length > 0)).toBe(true);
    expect(heard[0]).toMatchObject({ is_final: false, start: 0 });
    expect(finals(messages)).toHaveLength(1);
    expect(finals(messages)[0]?.duration).toBe(3);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect(await session.closed).toEqual({ code: 1000, reason: "Transcription finished." });
    // The two frames after the first sentence were flushed as a final result by CloseStream.
    expect(finals(session.messages)).toHaveLength(2);
    expect(session.messages.some((m) => m.type === "error")).toBe(false);
  });

  it("keeps an idle stream alive with KeepAlive from its alarm; without it the provider closes 1011 NET-0001", async () => {
    const { token } = await registerAndSignIn();
    // The emulator closes idle streams after 10 s like Deepgram; idle_ms shortens that to 1.2 s here.
    const kept = await open(token, { idle_ms: "1200" });
    const started = Date.now();
    while (Date.now() - started < 3000) {
      expect(await runDurableObjectAlarm(relay(kept.id))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.send(JSON.stringify({ type: "stop" }));
    expect((await kept.closed).code).toBe(1000);

    const idle = await open(token, { idle_ms: "1200" });
    const closed = await idle.closed;
    const message =
      "The transcription service stopped hearing audio and closed the stream. Start again when you are ready to speak.";
    expect(closed).toEqual({ code: 4031, reason: message });
    expect(idle.messages).toContainEqual({ type: "error", code: 4031, message });
  }, 15_000);

  const FAILED = "The transcription service ended the stream unexpectedly. Please start again.";
  const UNDECODED = "The audio could not be decoded. Try another browser or microphone.";
  // Deepgram's closes (its code and the reason it starts with its error tag) → what the page gets.
  const PROVIDER_CLOSES: [number, string, number, string][] = [
    [1011, "NET-0000", 1011, FAILED],
    [
      1011,
      "NET-0001 idle",
      4031,
      "The transcription service stopped hearing audio and closed the stream. Start again when you are ready to speak.",
    ],
    [1002, "DATA-0000", 1003, UNDECODED],
    [1008, "DATA-0000 bad audio", 1003, UNDECODED],
    [1011, "", 1011, FAILED],
    [4002, "", 1011, FAILED],
    [3999, "something new", 1011, FAILED],
  ];

  it.each(PROVIDER_CLOSES)("a provider close %i %s reaches the page as %i", async (code, reason, pageCode, message) => {
    const { token } = await registerAndSignIn();
    const session = await open(token, { fail_close: String(code), fail_reason: reason, fail_after_ms: "50" });
    expect(await session.closed).toEqual({ code: pageCode, reason: message });
    expect(session.messages).toContainEqual({ type: "error", code: pageCode, message });
  });

  it.each([
    [401, 4001, "Vox could not sign in to the transcription service. Please try again later."],
    [402, 4002, "The transcription service account is out of credit. Please try again later."],
    [429, 4029, "The transcription service is busy. Wait a moment and start again."],
  ])("a provider that refuses the stream with %i closes the page's socket %i", async (status, pageCode, message) => {
    const { token } = await registerAndSignIn();
    const session = await open(token, { fail_status: String(status) });
    expect(await session.closed).toEqual({ code: pageCode, reason: message });
  });

  it("gives every close the page can receive its own code, and words that fit a close frame", () => {
    const closes = [...Object.values(LIVE_CLOSES), ...Object.values(WATCH_CLOSES)];
    const codes = closes.filter((close) => close.code !== 1000).map((close) => close.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(PAGE_WENT_OFFLINE);
    // A WebSocket close reason is at most 123 bytes of UTF-8.
    for (const close of closes) expect(new TextEncoder().encode(close.message).length).toBeLessThanOrEqual(123);
  });

  it("answers bad control messages without closing, and closes 1009 for an oversized frame", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    session.socket.send("not json");
    session.socket.send(JSON.stringify({ type: "dance" }));
    const [, bad, unknown] = await session.received(3);
    expect(bad).toMatchObject({ type: "error", code: 4100 });
    expect(unknown).toMatchObject({ type: "error", code: 4101 });
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
    session.socket.send(frame(300 * 1024));
    expect((await session.closed).code).toBe(1009);
  });

  it("meters the audio the provider reports processing, not the time the socket is open", async () => {
    const { api, token, user } = await registerAndSignIn();
    const session = await open(token);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (let i = 0; i < 8; i++) session.socket.send(frame());
    await until(session, (messages) => transcripts(messages).length === 8);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    // Eight 250 ms frames are two seconds of audio, however long the socket stayed open.
    expect(await usedThisMonth(user.id)).toBe(2);
    const usage = (await (await api.get("/api/live/usage")).json()) as { used_seconds: number; quota_seconds: number };
    expect(usage).toMatchObject({ used_seconds: 2, quota_seconds: 36_000 });
  });

  it("refuses a ticket once the month is used up, and closes 4200 when the month's total across sessions reaches the quota", async () => {
    const { token, user } = await registerAndSignIn();
    await setUsed(user.id, 36_000);
    const refused = await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "live_quota_exceeded" });

    // One second left: an open socket without audio uses none of it; two seconds of audio do.
    await setUsed(user.id, 36_000 - 1);
    const session = await open(token);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runDurableObjectAlarm(relay(session.id))).toBe(true);
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
    for (let i = 0; i < 8; i++) session.socket.send(frame());
    await until(session, (messages) => transcripts(messages).length === 8);
    await runDurableObjectAlarm(relay(session.id));
    const closed = await session.closed;
    expect(closed).toEqual({
      code: 4200,
      reason: "Your live transcription time for this month is used up. Upgrade your plan for more.",
    });
    expect(session.messages).toContainEqual({ type: "error", code: 4200, message: closed.reason });
  });

  it("re-reads the month's total on every alarm, so usage recorded elsewhere stops a running session (4200)", async () => {
    const { token, user } = await registerAndSignIn();
    await setUsed(user.id, 36_000 - 600);
    const session = await open(token);
    await until(session, (messages) => messages.length === 1);
    expect(await runDurableObjectAlarm(relay(session.id))).toBe(true);
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
    await setUsed(user.id, 36_000);
    await runDurableObjectAlarm(relay(session.id));
    expect((await session.closed).code).toBe(4200);
  });
});

async function usedThisMonth(userId: string): Promise<number | undefined> {
  const row = await env.DB.prepare("SELECT seconds FROM live_usage WHERE user_id = ? AND month = ?")
    .bind(userId, monthOf())
    .first<{ seconds: number }>();
  return row?.seconds;
}

function setUsed(userId: string, seconds: number) {
  return env.DB.prepare("INSERT OR REPLACE INTO live_usage (user_id, month, seconds) VALUES (?, ?, ?)")
    .bind(userId, monthOf(), seconds)
    .run();
}

/** Drops the page's socket, then moves the drop 31 s into the past instead of waiting for it. */
async function dropPastGrace(session: Session): Promise<void> {
  session.socket.close(4000, "network lost");
  await session.closed;
  await movePastGrace(session.id);
}

/** Moves the moment the session lost its page 31 s into the past, once the relay has noted one. */
async function movePastGrace(sessionId: string): Promise<void> {
  await runInDurableObject(relay(sessionId), async (instance: unknown) => {
    const { state } = (instance as { session: { state: { detachedAt: number } } }).session;
    await expect.poll(() => state.detachedAt).toBeGreaterThan(0);
    state.detachedAt -= 31_000;
  });
}

async function sessionRow(sessionId: string) {
  return env.DB.prepare("SELECT status, audio_seconds FROM live_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ status: string; audio_seconds: number }>();
}

describe("resuming a live session", () => {
  const sendFrames = (session: Session, count: number) => {
    for (let i = 0; i < count; i++) session.socket.send(frame());
  };
  const seqs = (messages: LiveServerMessage[]) => finals(messages).map((m) => m.seq);

  it("starts with ready (session id, resume token) and numbers finals 1, 2, 3", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    const ready = readyOf(session.messages);
    expect(ready).toMatchObject({ session_id: session.id, restart_audio: false });
    expect(ready.resume_token.startsWith(`${session.id}.`)).toBe(true);
    sendFrames(session, 36);
    await until(session, (messages) => finals(messages).length === 3);
    expect(seqs(session.messages)).toEqual([1, 2, 3]);
  });

  it("survives a drop within the grace period: KeepAlive holds the provider, missed finals are replayed once, the stream continues", async () => {
    const { token } = await registerAndSignIn();
    // The emulator closes a stream idle for 1.2 s; only the relay's KeepAlive can keep it open.
    const first = await open(token, { idle_ms: "1200" });
    sendFrames(first, 12);
    await until(first, (messages) => finals(messages).length === 1);
    // The next sentence's audio goes up and the socket drops before its final can come back.
    sendFrames(first, 12);
    first.socket.close(4000, "network lost");
    await first.closed;
    const seen = Math.max(...seqs(first.messages).map(Number));
    const started = Date.now();
    while (Date.now() - started < 2500) {
      expect(await runDurableObjectAlarm(relay(first.id))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }

    const second = await resume(token, readyOf(first.messages).resume_token, seen);
    expect(second.status).toBe(101);
    await second.received(1);
    expect(readyOf(second.messages)).toMatchObject({ session_id: first.id, restart_audio: false });
    sendFrames(second, 12);
    await until(second, (messages) => seqs(messages).includes(3));
    // Across both sockets the page got every final exactly once, in order.
    expect([...seqs(first.messages), ...seqs(second.messages)]).toEqual([1, 2, 3]);
    second.socket.send(JSON.stringify({ type: "stop" }));
    expect((await second.closed).code).toBe(1000);
  }, 15_000);

  it("reopens the provider stream if it closed during the drop, and tells the page to restart its audio", async () => {
    const { token } = await registerAndSignIn();
    const first = await open(token, { idle_ms: "300" });
    sendFrames(first, 12);
    await until(first, (messages) => finals(messages).length === 1);
    first.socket.close(4000, "network lost");
    await first.closed;
    // No alarm runs, so nothing keeps the stream alive: the emulator closes it as idle.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const second = await resume(token, readyOf(first.messages).resume_token, 1);
    await second.received(1);
    expect(readyOf(second.messages).restart_audio).toBe(true);
    sendFrames(second, 12);
    await until(second, (messages) => finals(messages).length === 1);
    // Timestamps carry on from the first stream's three seconds of audio.
    expect(finals(second.messages)[0]).toMatchObject({ seq: 2, start: 3 });
  });

  it("closes a second socket on an attached session with 4030 and leaves the first one working", async () => {
    const { token } = await registerAndSignIn();
    const first = await open(token);
    await first.received(1);
    const second = await resume(token, readyOf(first.messages).resume_token, 0);
    expect(second.status).toBe(101);
    expect((await second.closed).code).toBe(4030);
    expect(second.messages).toContainEqual({
      type: "error",
      code: 4030,
      message: "This session is already open in another tab.",
    });
    sendFrames(first, 12);
    await until(first, (messages) => finals(messages).length === 1);
    expect(first.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("lets a resume take over from a socket that has gone silent, as a connection that died without a close does", async () => {
    const { token } = await registerAndSignIn();
    const first = await open(token);
    await first.received(1);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const second = await resume(token, readyOf(first.messages).resume_token, 0);
    expect(second.status).toBe(101);
    await second.received(1);
    expect(readyOf(second.messages).session_id).toBe(first.id);
    expect((await first.closed).code).toBe(4103);
    sendFrames(second, 12);
    await until(second, (messages) => finals(messages).length === 1);
  });

  it("works only for the session's owner with the session's own token", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    const resumeToken = readyOf(session.messages).resume_token;
    const stranger = await registerAndSignIn();
    const refusals = [
      await resume(stranger.token, resumeToken, 0),
      await resume(token, `${session.id}.${"x".repeat(43)}`, 0),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(refused.socket).toBeNull();
    }
    const anonymous = await call(`/api/live?resume=${resumeToken}&after=0`, { headers: { upgrade: "websocket" } });
    expect(anonymous.status).toBe(401);
    const malformed = await resume(token, "not-a-token", 0);
    expect(malformed.status).toBe(400);
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("ends the session when the grace period passes; a late resume gets 4008", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    const resumeToken = readyOf(session.messages).resume_token;
    await dropPastGrace(session);
    await runDurableObjectAlarm(relay(session.id));
    const row = await env.DB.prepare("SELECT status FROM live_sessions WHERE id = ?")
      .bind(session.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("ended");
    const late = await resume(token, resumeToken, 0);
    expect(late.status).toBe(101);
    expect(await late.closed).toEqual({ code: 4008, reason: "The transcription session expired. Start again." });
    // The session is over, so a new one may start.
    expect(
      (await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(201);
  });

  it("refuses a late resume with 4008 even before the alarm has ended the session", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    await dropPastGrace(session);
    const late = await resume(token, readyOf(session.messages).resume_token, 0);
    expect((await late.closed).code).toBe(4008);
  });
});

describe("a live session cut by a restart", () => {
  /**
   * What killing the process mid-session leaves: the relay's storage and alarm, but nothing it
   * held in memory, no provider stream, and a page whose socket was cut without a close.
   */
  async function restart(session: Session): Promise<void> {
    const killed = runInDurableObject(relay(session.id), (_instance: unknown, state: DurableObjectState) => {
      state.abort("process killed");
    });
    await expect(killed).rejects.toThrow("process killed");
    expect((await session.closed).code).toBe(1006);
  }

  async function meteredSession(token: string): Promise<Session> {
    const session = await open(token);
    for (let i = 0; i < 12; i++) session.socket.send(frame());
    await until(session, (messages) => finals(messages).length === 1);
    expect(await runDurableObjectAlarm(relay(session.id))).toBe(true);
    expect(await sessionRow(session.id)).toEqual({ status: "active", audio_seconds: 3 });
    return session;
  }

  it("ends after its grace with no speaker, keeps its metered seconds, and the next ticket is granted", async () => {
    const { token, user } = await registerAndSignIn();
    const session = await meteredSession(token);
    await restart(session);

    // The first alarm after the restart finds no page: the grace period starts, the audio stays counted.
    expect(await runDurableObjectAlarm(relay(session.id))).toBe(true);
    expect(await sessionRow(session.id)).toEqual({ status: "active", audio_seconds: 3 });
    await movePastGrace(session.id);
    await runDurableObjectAlarm(relay(session.id));

    expect(await sessionRow(session.id)).toEqual({ status: "ended", audio_seconds: 3 });
    expect(await usedThisMonth(user.id)).toBe(3);
    expect(await runDurableObjectAlarm(relay(session.id))).toBe(false);
    await ticketFor(token);
  });

  it("can be resumed within its grace: the provider stream is reopened and timestamps carry on", async () => {
    const { token } = await registerAndSignIn();
    const first = await meteredSession(token);
    await restart(first);
    expect(await runDurableObjectAlarm(relay(first.id))).toBe(true);

    const second = await resume(token, readyOf(first.messages).resume_token, 1);
    await second.received(1);
    expect(readyOf(second.messages)).toMatchObject({ session_id: first.id, restart_audio: true });
    for (let i = 0; i < 12; i++) second.socket.send(frame());
    await until(second, (messages) => finals(messages).length === 1);
    expect(finals(second.messages)[0]).toMatchObject({ seq: 2, start: 3 });
    second.socket.send(JSON.stringify({ type: "stop" }));
    expect((await second.closed).code).toBe(1000);
    expect(await sessionRow(first.id)).toEqual({ status: "ended", audio_seconds: 6 });
  });
});

describe("one live session per user", () => {
  it("refuses a second ticket while a session runs (409 live_session_active), and allows one after it ends", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    const second = await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "live_session_active" });
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    await ticketFor(token);
  });

  it("refuses the upgrade of a ticket taken before another session opened (409)", async () => {
    const { token } = await registerAndSignIn();
    const [first, second] = [await ticketFor(token), await ticketFor(token)];
    expect((await upgrade(`ticket=${first}`)).status).toBe(101);
    const refused = await upgrade(`ticket=${second}`);
    expect(refused.status).toBe(409);
    expect(refused.webSocket).toBeNull();
    expect(await refused.json()).toMatchObject({ code: "live_session_active" });
  });

  it("lets the plan table allow more: Enterprise runs several at once", async () => {
    const { token, user } = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET plan = 'enterprise' WHERE id = ?").bind(user.id).run();
    const sessions = [await open(token), await open(token)];
    expect(sessions.map((s) => s.status)).toEqual([101, 101]);
  });
});

describe("saved live transcripts", () => {
  it("stores finals as they arrive, lists the session with its length and first words, renames and deletes it", async () => {
    const { api, token } = await registerAndSignIn();
    const session = await open(token);
    for (let i = 0; i < 24; i++) session.socket.send(frame());
    await until(session, (messages) => finals(messages).length === 2);
    const said = finals(session.messages).map((m) => m.text);

    // Mid-session, what was said so far is already stored (a reloaded page reads it from here).
    const running = await api.get(`/api/live/transcripts/${session.id}`);
    expect(running.status).toBe(200);
    const body = transcriptDetailSchema.parse(await running.json());
    expect(body).toMatchObject({ status: "active" });
    expect(body.segments.map((s) => s.text)).toEqual(said);
    expect(body.segments.map((s) => s.seq)).toEqual([1, 2]);
    expect(
      (
        await call(`/api/live/transcripts/${session.id}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(409);

    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    const { transcripts: listed } = transcriptListSchema.parse(await (await api.get("/api/live/transcripts")).json());
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: session.id, status: "ended", duration_seconds: 6, title: "" });
    expect(listed[0]?.preview).toBe(said.join(" "));

    const renamed = await api.post(`/api/live/transcripts/${session.id}`, { title: "Board meeting" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ title: "Board meeting" });
    expect((await api.post(`/api/live/transcripts/${session.id}`, { title: " " })).status).toBe(400);

    const stranger = await registerAndSignIn();
    expect((await stranger.api.get(`/api/live/transcripts/${session.id}`)).status).toBe(404);
    const remove = (bearer: string) =>
      call(`/api/live/transcripts/${session.id}`, { method: "DELETE", headers: { authorization: `Bearer ${bearer}` } });
    expect((await remove(stranger.token)).status).toBe(404);
    expect((await remove(token)).status).toBe(204);
    expect((await api.get(`/api/live/transcripts/${session.id}`)).status).toBe(404);
    const after = transcriptListSchema.parse(await (await api.get("/api/live/transcripts")).json());
    expect(after.transcripts).toEqual([]);
  });
});
