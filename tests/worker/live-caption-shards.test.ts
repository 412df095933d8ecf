import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CaptionSeats } from "../../worker/live/caption-seats.ts";
import { WATCH_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { shardName } from "../../worker/live/contracts/live-handover.ts";
import { finals, relay, type Session, sharedSession, speak, until, type Viewer, watch } from "./live-sockets.ts";

// Real sockets through the Worker, the relay, its shards and the provider emulator.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The worker tests seat one viewer per object (CAPTION_SEATS_PER_OBJECT in vitest.config.ts), so
 * every viewer after a session's first is on a caption shard, in these tests and in every other
 * caption test: the fan-out, the plan's places, the reserve and the translations run across shards.
 */
const SEATS_PER_OBJECT = Number(env.CAPTION_SEATS_PER_OBJECT);

/** The relay's count of the viewers its shards seat, by shard. */
function shardSeats(session: Session): Promise<Record<number, number>> {
  return runInDurableObject(relay(session.id), (_instance, state) => {
    const rows = state.storage.sql
      .exec<{ shard: number; seats: number }>("SELECT shard, SUM(seats) AS seats FROM caption_seats GROUP BY shard")
      .toArray();
    return Object.fromEntries(rows.map(({ shard, seats }) => [shard, seats]));
  });
}

const stop = (session: Session) => session.socket.send(JSON.stringify({ type: "stop" }));

describe("caption shards", () => {
  it("seat the viewers past the relay's own places, one object each here, and the relay counts who is where", async () => {
    expect(SEATS_PER_OBJECT).toBe(1);
    const { session, link } = await sharedSession();
    const viewers: Viewer[] = [];
    for (let i = 0; i < 4; i++) viewers.push(await watch(link));
    expect(await shardSeats(session)).toEqual({ 1: 1, 2: 1, 3: 1 });
    speak(session, 12);
    for (const viewer of viewers) await until(viewer, (messages) => finals(messages).length === 1);
    for (const viewer of viewers) expect(finals(viewer.messages)).toEqual(finals(session.messages));
  });

  it("a shard's viewer who leaves, or speaks, is no longer counted, and its place is the next viewer's", async () => {
    const { session, link } = await sharedSession();
    const [, second, third] = [await watch(link), await watch(link), await watch(link)] as Viewer[];
    second?.socket.close(1000, "bye");
    third?.socket.send("hello");
    expect(await third?.closed).toEqual({
      code: WATCH_CLOSES.viewerSpoke.code,
      reason: WATCH_CLOSES.viewerSpoke.message,
    });
    await expect.poll(() => shardSeats(session), { timeout: 10_000 }).toEqual({});
    const next = await watch(link);
    expect(await shardSeats(session)).toEqual({ 1: 1 });
    speak(session, 12);
    await until(next, (messages) => finals(messages).length === 1);
  });

  it("a shard's viewer whose network drops resumes on a shard with after=<seq> and gets only what it missed", async () => {
    const { session, link } = await sharedSession();
    const onRelay = await watch(link);
    const onShard = await watch(link);
    expect(await shardSeats(session)).toEqual({ 1: 1 });
    speak(session, 12);
    await until(onShard, (messages) => finals(messages).length === 1);
    onShard.socket.close(4000, "network lost");
    await expect.poll(() => shardSeats(session)).toEqual({});
    speak(session, 24);
    await until(session, (messages) => finals(messages).length === 3);
    // The relay's one place is still the first viewer's, so the resumed viewer is seated on a shard.
    const resumed = await watch(link, { after: finals(onShard.messages).length });
    expect(await shardSeats(session)).toEqual({ 1: 1 });
    await until(resumed, (messages) => finals(messages).length === 2);
    expect(finals(resumed.messages)).toEqual(finals(session.messages).slice(1));
    await until(onRelay, (messages) => finals(messages).length === 3);
    expect(finals(onRelay.messages)).toEqual(finals(session.messages));
  });

  it("a shard torn down with its sockets (a crash, a deploy) no longer holds places its viewers left", async () => {
    const { session, link } = await sharedSession();
    const onRelay = await watch(link);
    const onShard = await watch(link);
    expect(await shardSeats(session)).toEqual({ 1: 1 });
    const shard = env.CAPTION_SHARDS.getByName(shardName({ relay: relay(session.id).id.toString(), shard: 1 }));
    await evictDurableObject(shard, { webSockets: "close" });
    await onShard.closed;
    // The next caption wakes the shard, which finds its viewers gone and says so.
    speak(session, 12);
    await until(onRelay, (messages) => finals(messages).length === 1);
    await expect.poll(() => shardSeats(session)).toEqual({});
    const next = await watch(link);
    expect(await shardSeats(session)).toEqual({ 1: 1 });
    speak(session, 12);
    await until(next, (messages) => finals(messages).length === 2);
    // An instance that starts again with its viewer still there (hibernated) keeps counting them.
    await evictDurableObject(shard);
    speak(session, 12);
    await until(next, (messages) => finals(messages).length === 3);
    expect(await shardSeats(session)).toEqual({ 1: 1 });
  });

  it("a viewer placed on a torn-down shard while it reports its viewers lost is still counted", async () => {
    // Two places an object, so the torn-down shard has room for the next viewer.
    const seats = env as { CAPTION_SEATS_PER_OBJECT: string };
    seats.CAPTION_SEATS_PER_OBJECT = "2";
    try {
      const { session, link } = await sharedSession();
      const onShard = [await watch(link), await watch(link), await watch(link)].at(-1) as Viewer;
      expect(await shardSeats(session)).toEqual({ 1: 1 });
      const shard = env.CAPTION_SHARDS.getByName(shardName({ relay: relay(session.id).id.toString(), shard: 1 }));
      await evictDurableObject(shard, { webSockets: "close" });
      await onShard.closed;
      // Placed on shard 1 beside the lost viewer; the new instance it wakes reports the lost one
      // before it seats this one.
      const next = await watch(link);
      await expect.poll(() => shardSeats(session)).toEqual({ 1: 1 });
      speak(session, 12);
      await until(next, (messages) => finals(messages).length === 1);
      expect(await shardSeats(session)).toEqual({ 1: 1 });
    } finally {
      seats.CAPTION_SEATS_PER_OBJECT = String(SEATS_PER_OBJECT);
    }
  });

  it("a viewer a shard failed to seat after its crash report frees no other viewer's place", async () => {
    const object = env.TRANSCRIPTION_RELAY.getByName(crypto.randomUUID());
    const counted = await runInDurableObject(object, (_instance, state) => {
      const seats = new CaptionSeats(state.storage.sql);
      const first = seats.place("198.51.100.1", "en", 2);
      const firstLosses = seats.losses(first);
      seats.emptied(first);
      const second = seats.place("198.51.100.1", "en", 2);
      const secondLosses = seats.losses(second);
      // The first viewer's hand-over fails now: the report freed its place already.
      seats.notSeated(first, "198.51.100.1", "en", firstLosses);
      const afterFirst = seats.total();
      seats.notSeated(second, "198.51.100.1", "en", secondLosses);
      return [afterFirst, seats.total()];
    });
    expect(counted).toEqual([1, 0]);
  });

  it("the session's end closes every shard's viewers, after every final, and clears the count", async () => {
    const { session, link } = await sharedSession();
    const viewers = [await watch(link), await watch(link), await watch(link)];
    speak(session, 12);
    await until(session, (messages) => finals(messages).length === 1);
    expect(await shardSeats(session)).toEqual({ 1: 1, 2: 1 });
    stop(session);
    for (const viewer of viewers) {
      expect(await viewer.closed).toEqual({ code: 1000, reason: WATCH_CLOSES.ended.message });
      expect(viewer.messages.at(-1)).toEqual({ type: "ended", reason: "session_ended" });
      expect(finals(viewer.messages)).toEqual(finals(session.messages));
    }
    expect(await shardSeats(session)).toEqual({});
  });
});
