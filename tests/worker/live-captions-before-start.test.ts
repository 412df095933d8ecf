import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { captionReservationSchema, captionShareSchema } from "../../worker/live/contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import {
  attach,
  finals,
  reserve,
  reservedLink,
  type Session,
  share,
  speak,
  ticketAnswer,
  until,
  upgrade,
  type Viewer,
  watch,
} from "./live-sockets.ts";

// Real sockets through the Worker, the relay and the provider emulator; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

const closing = (close: LiveClose) => ({ code: close.code, reason: close.message });
const types = (viewer: Viewer) => viewer.messages.map((message) => message.type);

/** Opens the speaker's next session as the page does: with the session id its ticket answered. */
async function startRecording(token: string): Promise<Session> {
  const { ticket, session_id } = await ticketAnswer(token);
  const query = new URLSearchParams({ ticket, ...(session_id ? { session: session_id } : {}) });
  const session = attach(await upgrade(query.toString()));
  expect(session.status).toBe(101);
  await session.received(1);
  return session;
}

describe("a caption link made before recording", () => {
  it("is the owner's one link for the next session: 201, then the same link 200; 401 without a sign-in", async () => {
    const speaker = await registerAndSignIn();
    const first = await reservedLink(speaker.token);
    expect(first.watch_url).toBe(`http://127.0.0.1:8787/watch/${first.token}`);
    const again = await reserve(speaker.token);
    expect(again.status).toBe(200);
    expect(captionReservationSchema.parse(await again.json())).toEqual(first);
    expect((await call("/api/live/share", { method: "POST" })).status).toBe(401);
    // Another account's link is its own.
    const other = await reservedLink((await registerAndSignIn()).token);
    expect(other.token).not.toBe(first.token);
    expect(other.session_id).not.toBe(first.session_id);
  });

  it("tells its viewers the captions start soon, then gives them the finals once the speaker starts", async () => {
    const speaker = await registerAndSignIn();
    const link = await reservedLink(speaker.token);
    const early = await watch(link.token);
    await early.received(1);
    expect(early.messages).toEqual([{ type: "waiting" }]);

    const session = await startRecording(speaker.token);
    // The session took the link's id, so the link is that session's now.
    expect(session.id).toBe(link.session_id);
    await until(early, (messages) => messages.some((m) => m.type === "started"));
    speak(session, 24);
    await until(early, (messages) => finals(messages).length === 2);
    expect(finals(early.messages)).toEqual(finals(session.messages));
    expect(types(early).slice(0, 2)).toEqual(["waiting", "started"]);

    // The same link, asked for again on the running session; a late viewer is caught up as usual.
    const shared = await share(speaker.token, session.id);
    expect(shared.status).toBe(200);
    expect(captionShareSchema.parse(await shared.json()).token).toBe(link.token);
    const late = await watch(link.token);
    await until(late, (messages) => finals(messages).length === 2);
    expect(types(late)).not.toContain("waiting");
    // The link is the session's, no longer waiting: a link for the next session is a new one.
    const next = await reservedLink(speaker.token);
    expect(next.token).not.toBe(link.token);
    expect(next.session_id).not.toBe(link.session_id);
  });

  it("withdrawn before the start: waiting viewers hear sharing_stopped, the link is unknown, the next session is not shared", async () => {
    const speaker = await registerAndSignIn();
    const link = await reservedLink(speaker.token);
    const waiting = await watch(link.token);
    await waiting.received(1);
    expect((await reserve(speaker.token, "DELETE")).status).toBe(204);
    expect(await waiting.closed).toEqual(closing(WATCH_CLOSES.sharingStopped));
    expect(waiting.messages.at(-1)).toEqual({ type: "ended", reason: "sharing_stopped" });
    expect(await (await watch(link.token)).closed).toEqual(closing(WATCH_CLOSES.unknownLink));
    expect((await reserve(speaker.token, "DELETE")).status).toBe(204);

    const session = await startRecording(speaker.token);
    expect(session.id).not.toBe(link.session_id);
    expect(await (await watch(link.token)).closed).toEqual(closing(WATCH_CLOSES.unknownLink));
  });

  it("cannot be taken by another account: its ticket opening the reserved id is refused, and the owner's link stays", async () => {
    const speaker = await registerAndSignIn();
    const link = await reservedLink(speaker.token);
    const waiting = await watch(link.token);
    await waiting.received(1);

    const stranger = await registerAndSignIn();
    const { ticket } = await ticketAnswer(stranger.token);
    const refused = await upgrade(new URLSearchParams({ ticket, session: link.session_id }).toString());
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "invalid_ticket" });
    // Nor can it withdraw the owner's link or share its session.
    expect((await reserve(stranger.token, "DELETE")).status).toBe(204);
    expect((await share(stranger.token, link.session_id)).status).toBe(404);
    expect(waiting.socket.readyState).toBe(WebSocket.OPEN);

    const session = await startRecording(speaker.token);
    expect(session.id).toBe(link.session_id);
    speak(session, 12);
    await until(waiting, (messages) => finals(messages).length === 1);
  });

  it("opens its session once: a second ticket that carried the id is refused while the first runs, even where the plan allows several", async () => {
    const speaker = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET plan = 'enterprise' WHERE id = ?").bind(speaker.user.id).run();
    const link = await reservedLink(speaker.token);
    const [first, second] = [await ticketAnswer(speaker.token), await ticketAnswer(speaker.token)];
    expect(second.session_id).toBe(link.session_id);
    const running = attach(
      await upgrade(new URLSearchParams({ ticket: first.ticket, session: link.session_id }).toString()),
    );
    expect(running.status).toBe(101);
    const again = await upgrade(new URLSearchParams({ ticket: second.ticket, session: link.session_id }).toString());
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "live_session_active" });
  });

  it("answers a malformed session id 400", async () => {
    const speaker = await registerAndSignIn();
    const { ticket } = await ticketAnswer(speaker.token);
    const malformed = await upgrade(new URLSearchParams({ ticket, session: "not-a-session" }).toString());
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "validation_failed" });
  });
});
