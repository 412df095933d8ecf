import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type LiveServerMessage, liveServerMessage, liveTicketSchema } from "../../worker/contracts/live.ts";
import { mapProviderClose } from "../../worker/live/close-codes.ts";
import { monthOf } from "../../worker/live/usage.ts";
import { TOOL_RATE_LIMITS } from "../../worker/rate-limit.ts";
import { call, registerAndSignIn } from "./helpers.ts";

interface Session {
  readonly socket: WebSocket;
  readonly id: string;
  readonly messages: LiveServerMessage[];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<LiveServerMessage[]>;
}

async function ticketFor(token: string): Promise<string> {
  const response = await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(201);
  return liveTicketSchema.parse(await response.json()).ticket;
}

function upgrade(query: string): Promise<Response> {
  return call(`/api/live?${query}`, { headers: { upgrade: "websocket" } });
}

async function open(token: string, flags: Record<string, string> = {}): Promise<Session> {
  const ticket = await ticketFor(token);
  const response = await upgrade(new URLSearchParams({ ticket, ...flags }).toString());
  expect(response.status).toBe(101);
  const socket = response.webSocket as WebSocket;
  socket.accept();
  const messages: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(liveServerMessage.parse(JSON.parse(event.data as string)));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  const received = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${count} messages arrived`);
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), new Promise((r) => setTimeout(r, 100))]);
    }
    return messages;
  };
  return { socket, id: response.headers.get("x-vox-session") as string, messages, closed, received };
}

const frame = (bytes = 2048) => new Uint8Array(bytes).fill(9).buffer;
const relay = (id: string) => env.TRANSCRIPTION_RELAY.getByName(id);

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
    expect((await call(`/api/live?ticket=${await ticketFor(token)}`)).status).toBe(426);
  });

  it("are limited per user", async () => {
    const { token } = await registerAndSignIn();
    for (let i = 0; i < TOOL_RATE_LIMITS.liveTicket.limit; i++) await ticketFor(token);
    expect(
      (await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(429);
  });
});

describe("the live transcription relay", () => {
  it("forwards audio, relays interim then final text, and closes 1000 after stop", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    for (let i = 0; i < 14; i++) session.socket.send(frame());
    const messages = await session.received(14);
    const transcripts = messages.filter((m) => m.type === "transcript");
    expect(transcripts.every((m) => m.text.length > 0)).toBe(true);
    expect(transcripts[0]).toMatchObject({ is_final: false, start: 0 });
    const finals = transcripts.filter((m) => m.is_final);
    expect(finals).toHaveLength(1);
    expect(finals[0]?.duration).toBe(3);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect(await session.closed).toEqual({ code: 1000, reason: "Transcription finished." });
    // The two frames after the first sentence were flushed as a final result by CloseStream.
    expect(session.messages.filter((m) => m.type === "transcript" && m.is_final)).toHaveLength(2);
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
    const expected = mapProviderClose(1011, "NET-0001");
    expect(closed).toEqual({ code: 1011, reason: expected.message });
    expect(idle.messages).toContainEqual({ type: "error", code: 1011, message: expected.message });
  }, 15_000);

  const PROVIDER_CLOSES: [number, string][] = [
    [1011, "NET-0000"],
    [1011, "NET-0001 idle"],
    [1002, "DATA-0000"],
    [1008, "DATA-0000 bad audio"],
    ...[4000, 4001, 4002, 4004, 4008, 4010, 4029, 4030, 4031, 4032, 4033, 4100, 4101, 4102, 4103, 1013].map(
      (code): [number, string] => [code, ""],
    ),
    [3999, "something new"],
  ];

  it.each(PROVIDER_CLOSES)("maps a provider close %i %s to the browser's code and message", async (code, reason) => {
    const { token } = await registerAndSignIn();
    const session = await open(token, { fail_close: String(code), fail_reason: reason, fail_after_ms: "50" });
    const expected = mapProviderClose(code, reason);
    expect(await session.closed).toEqual({ code: expected.code, reason: expected.message });
    expect(session.messages).toContainEqual({ type: "error", code: expected.code, message: expected.message });
  });

  it.each([401, 402, 429])("maps a refused provider handshake (%i)", async (status) => {
    const { token } = await registerAndSignIn();
    const session = await open(token, { fail_status: String(status) });
    const expected = mapProviderClose("handshake", status);
    expect(expected.code).toBe({ 401: 4001, 402: 4002, 429: 4029 }[status]);
    expect((await session.closed).code).toBe(expected.code);
  });

  it("unknown close codes get the generic message", () => {
    expect(mapProviderClose(3999, "x")).toEqual(mapProviderClose(1006));
    expect(mapProviderClose(1011, "NET-0001").message).not.toBe(mapProviderClose(1011, "NET-0000").message);
  });

  it("answers bad control messages without closing, and closes 1009 for an oversized frame", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    session.socket.send("not json");
    session.socket.send(JSON.stringify({ type: "dance" }));
    const [bad, unknown] = await session.received(2);
    expect(bad).toMatchObject({ type: "error", code: 4100 });
    expect(unknown).toMatchObject({ type: "error", code: 4101 });
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
    session.socket.send(frame(300 * 1024));
    expect((await session.closed).code).toBe(1009);
  });

  it("meters streamed seconds per user and month", async () => {
    const { api, token, user } = await registerAndSignIn();
    const session = await open(token);
    session.socket.send(frame());
    await new Promise((resolve) => setTimeout(resolve, 600));
    session.socket.send(JSON.stringify({ type: "stop" }));
    await session.closed;
    await expect
      .poll(
        async () =>
          (
            await env.DB.prepare("SELECT seconds FROM live_usage WHERE user_id = ? AND month = ?")
              .bind(user.id, monthOf())
              .first<{ seconds: number }>()
          )?.seconds,
      )
      .toBeGreaterThan(0.5);
    const usage = (await (await api.get("/api/live/usage")).json()) as { used_seconds: number; quota_seconds: number };
    expect(usage.quota_seconds).toBe(36_000);
  });

  it("enforces the monthly quota at ticket time and mid-stream (4002)", async () => {
    const { token, user } = await registerAndSignIn();
    const setUsed = (seconds: number) =>
      env.DB.prepare("INSERT OR REPLACE INTO live_usage (user_id, month, seconds) VALUES (?, ?, ?)")
        .bind(user.id, monthOf(), seconds)
        .run();
    await setUsed(36_000);
    const refused = await call("/api/live/ticket", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: "live_quota_exceeded" });

    await setUsed(36_000 - 1);
    const session = await open(token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runDurableObjectAlarm(relay(session.id));
    const closed = await session.closed;
    expect(closed.code).toBe(4002);
    expect(session.messages).toContainEqual({ type: "error", code: 4002, message: closed.reason });
  });
});
