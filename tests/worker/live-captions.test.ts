import { env, evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { planLimits } from "../../worker/billing/contracts/plans.ts";
import { WATCH_RATE_LIMIT } from "../../worker/core/rate-limit.ts";
import {
  captionShareSchema,
  type LiveServerMessage,
  type WatchServerMessage,
} from "../../worker/live/contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { viewerReserve } from "../../worker/live/contracts/live-constants.ts";
import { monthOf } from "../../worker/live/usage.ts";
import { call, freshIp, registerAndSignIn } from "./helpers.ts";
import {
  finals,
  frame,
  linkFor,
  open,
  readyOf,
  relay,
  resume,
  type Session,
  share,
  sharedSession,
  speak,
  transcripts,
  until,
  type Viewer,
  watch,
} from "./live-sockets.ts";

// Real sockets through the Worker, the relay and the provider emulator; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

const seqs = (messages: { type: string }[]) => finals(messages).map((m) => m.seq);
/** A close as the socket reports it. */
const closing = (close: LiveClose) => ({ code: close.code, reason: close.message });
const stop = (session: Session) => session.socket.send(JSON.stringify({ type: "stop" }));
/** How a viewer's socket stands a moment after the upgrade: its close, or still open (seated). */
const settled = (viewer: Viewer) =>
  Promise.race([viewer.closed, new Promise((resolve) => setTimeout(() => resolve("still open"), 2000))]);

/** `count` viewers of `link`, fifty at a time, each from the address `ipOf(i)` gives. */
async function audience(link: string, count: number, ipOf: (i: number) => string): Promise<Viewer[]> {
  const seated: Viewer[] = [];
  for (let batch = 0; batch < count; batch += 50) {
    const size = Math.min(50, count - batch);
    seated.push(...(await Promise.all(Array.from({ length: size }, (_, i) => watch(link, { ip: ipOf(batch + i) })))));
  }
  return seated;
}

describe("sharing a live session's captions", () => {
  it("gives the owner one link (201, then the same link 200); others get 404, strangers to the API 401", async () => {
    const { speaker, session, link } = await sharedSession();
    const again = await share(speaker.token, session.id);
    expect(again.status).toBe(200);
    const body = captionShareSchema.parse(await again.json());
    expect(body).toEqual({ token: link, watch_url: `http://127.0.0.1:8787/watch/${link}` });

    const stranger = await registerAndSignIn();
    expect((await share(stranger.token, session.id)).status).toBe(404);
    expect((await share(stranger.token, session.id, "DELETE")).status).toBe(404);
    expect((await call(`/api/live/sessions/${session.id}/share`, { method: "POST" })).status).toBe(401);
    const malformed = await share(speaker.token, "not-a-session");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "validation_failed" });
  });

  it("answers a malformed viewer query 400 and a plain GET 426, as JSON", async () => {
    const badAfter = await call(`/api/live/watch?token=${"a".repeat(43)}&after=-1`, {
      headers: { upgrade: "websocket" },
    });
    expect(badAfter.status).toBe(400);
    expect((await call(`/api/live/watch?token=${"a".repeat(43)}`)).status).toBe(426);
  });

  it("closes a viewer of an unknown link with 4504", async () => {
    const viewer = await watch("b".repeat(43));
    expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.unknownLink));
  });

  // A chat app that shortens a link cuts its token: a browser cannot read an upgrade's 400, so the
  // page would try again for ever; the close says the link does not work.
  it("closes a viewer of a link cut short with 4504, as an unknown link", async () => {
    for (const token of ["not-a-real-token-123456", "b".repeat(42), "b".repeat(44), `${"b".repeat(42)}!`]) {
      const viewer = await watch(token);
      expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.unknownLink));
    }
  });
});

describe("caption viewers", () => {
  it("fan out: every viewer gets the speaker's finals (with seq) and its interims, in the speaker's format", async () => {
    const { session, link } = await sharedSession();
    const viewers = await Promise.all(Array.from({ length: 20 }, () => watch(link)));
    speak(session, 24);
    await until(session, (messages) => finals(messages).length === 2);
    for (const viewer of viewers) await until(viewer, (messages) => finals(messages).length === 2);
    const spoken = transcripts(session.messages);
    const interims = (messages: (WatchServerMessage | LiveServerMessage)[]) =>
      transcripts(messages).filter((m) => !m.is_final);
    for (const viewer of viewers) {
      expect(finals(viewer.messages)).toEqual(finals(spoken));
      expect(seqs(viewer.messages)).toEqual([1, 2]);
      // The words being spoken too, as the speaker got them, at most two a second.
      expect(interims(viewer.messages).length).toBeGreaterThan(0);
      for (const interim of interims(viewer.messages)) expect(interims(spoken)).toContainEqual(interim);
    }
  });

  it("a late joiner first gets every final so far, then the rest live", async () => {
    const { session, link } = await sharedSession();
    speak(session, 24);
    await until(session, (messages) => finals(messages).length === 2);
    const late = await watch(link);
    await until(late, (messages) => finals(messages).length === 2);
    expect(late.messages.slice(0, 2)).toEqual(finals(session.messages));
    speak(session, 12);
    await until(late, (messages) => finals(messages).length === 3);
    expect(seqs(late.messages)).toEqual([1, 2, 3]);
  });

  it("a viewer that reconnects with after=<seq> gets only what it missed", async () => {
    const { session, link } = await sharedSession();
    const first = await watch(link);
    speak(session, 12);
    await until(first, (messages) => finals(messages).length === 1);
    first.socket.close(4000, "network lost");
    speak(session, 24);
    await until(session, (messages) => finals(messages).length === 3);
    const again = await watch(link, { after: 1 });
    await until(again, (messages) => finals(messages).length === 2);
    expect(seqs(again.messages)).toEqual([2, 3]);
    expect(finals(again.messages)).toEqual(finals(session.messages).slice(1));
  });

  it("a viewer can only listen: any message closes it with 4505, and the speaker carries on", async () => {
    const { session, link } = await sharedSession();
    const texting = await watch(link);
    const sending = await watch(link);
    const other = await watch(link);
    texting.socket.send(JSON.stringify({ type: "stop" }));
    sending.socket.send(frame());
    expect(await texting.closed).toEqual(closing(WATCH_CLOSES.viewerSpoke));
    expect(await sending.closed).toEqual(closing(WATCH_CLOSES.viewerSpoke));
    speak(session, 12);
    await until(other, (messages) => finals(messages).length === 1);
    expect(session.socket.readyState).toBe(WebSocket.OPEN);
    expect(seqs(session.messages)).toEqual([1]);
  });

  it("stop sharing: viewers hear sharing_stopped and close 4500, the link stops working, a new share is a new link", async () => {
    const { speaker, session, link } = await sharedSession();
    const viewers = [await watch(link), await watch(link)];
    speak(session, 12);
    await until(viewers[1] as Viewer, (messages) => finals(messages).length === 1);
    expect((await share(speaker.token, session.id, "DELETE")).status).toBe(204);
    for (const viewer of viewers) {
      expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.sharingStopped));
      expect(viewer.messages.at(-1)).toEqual({ type: "ended", reason: "sharing_stopped" });
    }
    expect(await (await watch(link)).closed).toEqual(closing(WATCH_CLOSES.unknownLink));
    expect((await share(speaker.token, session.id, "DELETE")).status).toBe(204);
    // The recording itself goes on.
    speak(session, 12);
    await until(session, (messages) => finals(messages).length === 2);
    const fresh = await linkFor(speaker.token, session.id);
    expect(fresh).not.toBe(link);
    const viewer = await watch(fresh);
    await until(viewer, (messages) => finals(messages).length === 2);
  });

  it("when the session ends viewers get every final, then ended (1000); the kept link reads as the transcript", async () => {
    const { session, link } = await sharedSession();
    const viewer = await watch(link);
    speak(session, 14);
    stop(session);
    expect((await session.closed).code).toBe(1000);
    expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.ended));
    expect(viewer.messages.at(-1)).toEqual({ type: "ended", reason: "session_ended" });
    expect(finals(viewer.messages)).toEqual(finals(session.messages));
    expect(seqs(viewer.messages)).toEqual([1, 2]);

    const later = await watch(link, { after: 1 });
    expect(await later.closed).toEqual(closing(WATCH_CLOSES.ended));
    expect(later.messages).toEqual([...finals(session.messages).slice(1), { type: "ended", reason: "session_ended" }]);
  });

  it("a session ended by the quota ends its viewers too", async () => {
    const { speaker, session, link } = await sharedSession();
    const viewer = await watch(link);
    await env.DB.prepare("INSERT OR REPLACE INTO live_usage (user_id, month, seconds) VALUES (?, ?, ?)")
      .bind(speaker.user.id, monthOf(), 36_000)
      .run();
    await runDurableObjectAlarm(relay(session.id));
    expect((await session.closed).code).toBe(4200);
    expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.ended));
  });

  it("viewers do not count against the speaker's hours: only the audio is metered", async () => {
    const { speaker, session, link } = await sharedSession();
    const viewers = await Promise.all(Array.from({ length: 5 }, () => watch(link)));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    speak(session, 8);
    await until(session, (messages) => transcripts(messages).length === 8);
    for (const viewer of viewers) await until(viewer, (messages) => transcripts(messages).length > 0);
    await runDurableObjectAlarm(relay(session.id));
    stop(session);
    expect((await session.closed).code).toBe(1000);
    const row = await env.DB.prepare("SELECT seconds FROM live_usage WHERE user_id = ? AND month = ?")
      .bind(speaker.user.id, monthOf())
      .first<{ seconds: number }>();
    expect(row?.seconds).toBe(2);
  });

  it("keeps receiving after the relay is evicted: viewers are hibernated sockets, found again by their tags", async () => {
    const speaker = await registerAndSignIn();
    // The emulator closes a stream idle for 300 ms, so the dropped session holds no provider stream.
    const session = await open(speaker.token, { idle_ms: "300" });
    await session.received(1);
    const link = await linkFor(speaker.token, session.id);
    const viewers = [await watch(link), await watch(link)];
    speak(session, 12);
    await until(session, (messages) => finals(messages).length === 1);
    session.socket.close(4000, "network lost");
    await session.closed;
    await new Promise((resolve) => setTimeout(resolve, 800));

    await evictDurableObject(relay(session.id));
    for (const viewer of viewers) expect(viewer.socket.readyState).toBe(WebSocket.OPEN);

    const back = await resume(speaker.token, readyOf(session.messages).resume_token, 1, true);
    expect(back.status).toBe(101);
    await back.received(1);
    speak(back, 12);
    for (const viewer of viewers) await until(viewer, (messages) => finals(messages).length === 2);
    for (const viewer of viewers) expect(seqs(viewer.messages)).toEqual([1, 2]);
    stop(back);
    for (const viewer of viewers) expect(await viewer.closed).toEqual(closing(WATCH_CLOSES.ended));
  });
});

describe("limits on watching", () => {
  it(`caps a session at its owner's plan's viewers (${planLimits(null).liveViewers} on Monthly and trials): the next closes 4509`, async () => {
    const { session, link } = await sharedSession();
    const cap = planLimits(null).liveViewers;
    // Four addresses of fifty, so no one address reaches the places kept for others.
    const ipOf = (i: number) => `192.0.2.${80 + Math.floor(i / 50)}`;
    const ip = ipOf(0);
    const seated = await audience(link, cap, ipOf);
    const turnedAway = await watch(link, { ip });
    expect(await turnedAway.closed).toEqual(closing(WATCH_CLOSES.full));
    // Every seated viewer still gets the captions.
    speak(session, 12);
    for (const viewer of seated) await until(viewer, (messages) => finals(messages).length === 1);
    // A place frees up when a viewer leaves: a newcomer is seated and caught up.
    seated[0]?.socket.close(1000, "bye");
    await seated[0]?.closed;
    await expect
      .poll(
        async () => {
          const newcomer = await watch(link, { ip });
          await Promise.race([newcomer.received(1), newcomer.closed]);
          return finals(newcomer.messages).length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
  });

  it("keeps the last tenth of the places for other addresses: one address (IPv6 by its /64) fills nine tenths, then 4510", async () => {
    const { session, link } = await sharedSession();
    const cap = planLimits(null).liveViewers;
    const reserve = viewerReserve(cap);
    // A venue's Wi-Fi: every device its own interface id within one /64.
    const venue = (i: number) => `2001:db8:7:9:${(i + 1).toString(16)}::1`;
    const inside = await audience(link, cap - reserve, venue);
    expect(await settled(await watch(link, { ip: venue(cap) }))).toEqual(closing(WATCH_CLOSES.networkFull));
    // Everyone else still gets in, up to the plan's places.
    const elsewhere = await audience(link, reserve, () => freshIp());
    expect(await settled(await watch(link))).toEqual(closing(WATCH_CLOSES.full));
    speak(session, 12);
    for (const viewer of [inside[0], inside.at(-1), ...elsewhere] as Viewer[]) {
      await until(viewer, (messages) => finals(messages).length === 1);
    }
  });

  it(`limits viewer connections per address (${WATCH_RATE_LIMIT.limit} a minute): past it, 4529`, async () => {
    const { session, link } = await sharedSession();
    const ip = "192.0.2.77";
    const limiter = env.RATE_LIMITER.getByName(`watch:ip:${ip}`);
    for (let i = 0; i < WATCH_RATE_LIMIT.limit - 1; i++) {
      await limiter.hit(WATCH_RATE_LIMIT.limit, WATCH_RATE_LIMIT.windowSeconds);
    }
    const last = await watch(link, { ip });
    expect(await (await watch(link, { ip })).closed).toEqual(closing(WATCH_CLOSES.rateLimited));
    const elsewhere = await watch(link);
    speak(session, 12);
    for (const admitted of [last, elsewhere]) await until(admitted, (messages) => finals(messages).length === 1);
  });
});
