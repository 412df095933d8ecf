import { describe, expect, it, vi } from "vitest";
import {
  MAX_SEGMENT_MS,
  PAUSE_MS,
  PauseSegmenter,
  type SpeechSegment,
} from "../../worker/live/audio/pause-segmenter.ts";
import { transcriptDetailSchema, transcriptListSchema } from "../../worker/live/contracts/live.ts";
import { NEAR_LIVE_LANGUAGES } from "../../worker/live/contracts/live-constants.ts";
import { NEAR_LIVE_DELAY_MS, SEGMENT_WAIT_MS } from "../../worker/live/near-live-spitch.ts";
import { ROUTES } from "../../worker/routing.ts";
import { takeProviderCalls } from "../../worker/sandbox/provider-calls.ts";
import { briefingSentence } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finals, linkFor, openInLanguage, type Session, transcripts, until, watch } from "./live-sockets.ts";

// Real sockets through the Worker, the relay and the Spitch emulator; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

const FRAME_BYTES = 8000;
const silence = (seconds: number) => new Uint8Array(Math.round(seconds * 16_000) * 2);

/** Raw PCM in the 250 ms frames a device sends. */
function send(session: Session, pcm: Uint8Array) {
  for (let at = 0; at < pcm.byteLength; at += FRAME_BYTES) session.socket.send(pcm.slice(at, at + FRAME_BYTES).buffer);
}

const IGBO = Array.from({ length: 7 }, (_, i) => briefingSentence("ig", i));

describe("live Igbo, near-live through Spitch", () => {
  it("captions each phrase once its speaker pauses: no interims, speaker 1, on the page, for viewers and in the kept transcript", async () => {
    const { token } = await registerAndSignIn();
    const session = await openInLanguage(token, "ig");
    const viewer = await watch(await linkFor(token, session.id));

    // The first phrase is captioned while the speaker is still recording, once they pause.
    send(session, speechPcm(2));
    send(session, silence(1));
    await until(session, (messages) => finals(messages).length === 1);
    // Another phrase: the same talk two seconds on.
    send(session, speechPcm(5).subarray(2 * 32_000));
    send(session, silence(1));
    await until(session, (messages) => finals(messages).length === 2);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    expect(takeProviderCalls().filter((line) => line.split(" ")[1] === "spitch").length).toBe(2);

    expect(transcripts(session.messages).every((message) => message.is_final)).toBe(true);
    const spoken = finals(session.messages);
    // The Spitch emulator hears each phrase as the sentence its voice says: two phrases, two sentences.
    expect(spoken.map(({ seq, speaker }) => ({ seq, speaker }))).toEqual([
      { seq: 1, speaker: "1" },
      { seq: 2, speaker: "1" },
    ]);
    for (const { text } of spoken) expect(IGBO).toContain(text);
    expect(spoken[0]?.text).not.toBe(spoken[1]?.text);
    // Timed by the audio: the second phrase starts at 3 s, a fifth of a second of lead-in before it.
    expect(spoken[0]?.start).toBe(0);
    expect(spoken[1]?.start).toBeCloseTo(2.8, 1);

    await until(viewer, (messages) => finals(messages).length === 2);
    expect(transcripts(viewer.messages).every((message) => message.is_final)).toBe(true);
    expect(finals(viewer.messages).map(({ text, speaker }) => ({ text, speaker }))).toEqual(
      spoken.map(({ text, speaker }) => ({ text, speaker })),
    );
    const kept = await call(`/api/live/transcripts/${session.id}`, { headers: { authorization: `Bearer ${token}` } });
    const detail = transcriptDetailSchema.parse(await kept.json());
    expect(detail.segments.map(({ text, speaker }) => ({ text, speaker }))).toEqual(
      spoken.map(({ text, speaker }) => ({ text, speaker })),
    );
    // Metered from the audio the relay heard: seven seconds, silence included, as other languages.
    expect(detail.duration_seconds).toBe(7);
    // The kept transcript says what it was spoken in, listed and read.
    expect(detail.language).toBe("ig");
    const listed = await call("/api/live/transcripts", { headers: { authorization: `Bearer ${token}` } });
    expect(transcriptListSchema.parse(await listed.json()).transcripts.map(({ language }) => language)).toEqual(["ig"]);
  });

  it("promises its delay by construction: the pause that ends a phrase and Spitch's longest wait fit in 8 s", () => {
    expect(NEAR_LIVE_DELAY_MS).toBe(8000);
    expect(PAUSE_MS + SEGMENT_WAIT_MS).toBeLessThan(NEAR_LIVE_DELAY_MS);
    // The page's note and the routing table agree on which languages lag.
    const nearLive = Object.entries(ROUTES.live).flatMap(([language, route]) =>
      route.served && route.stages[0]?.provider === "spitch" ? [language] : [],
    );
    expect(nearLive).toEqual([...NEAR_LIVE_LANGUAGES]);
  });
});

describe("the pause detector", () => {
  const segmentsOf = (...pieces: Uint8Array[]) => {
    const segmenter = new PauseSegmenter();
    const cut: SpeechSegment[] = [];
    for (const piece of pieces) {
      for (let at = 0; at < piece.byteLength; at += FRAME_BYTES) {
        const frame = piece.slice(at, at + FRAME_BYTES);
        cut.push(...segmenter.push(new Int16Array(frame.buffer)));
      }
    }
    const last = segmenter.flush();
    return last ? [...cut, last] : cut;
  };
  const seconds = (segment: SpeechSegment | undefined) => (segment?.samples.length ?? 0) / 16_000;

  it("cuts at a pause, not at the gaps between syllables, keeping a little lead-in", () => {
    const cut = segmentsOf(silence(1), speechPcm(2), silence(1), speechPcm(1.5));
    expect(cut.length).toBe(2);
    expect(cut[0]?.start).toBeCloseTo(0.8, 2);
    expect(cut[0]?.speechEnd).toBeGreaterThan(2.8);
    expect(cut[0]?.speechEnd).toBeLessThanOrEqual(3);
    // Lead-in, two seconds of speech, then the pause that ended it.
    expect(seconds(cut[0])).toBeCloseTo(0.2 + (cut[0]?.speechEnd ?? 0) - 1 + PAUSE_MS / 1000, 1);
    expect(cut[1]?.start).toBeCloseTo(3.8, 2);
  });

  it("cuts a speaker who never pauses every 15 s, and hears nothing in silence or a click", () => {
    const cut = segmentsOf(speechPcm(40));
    expect(cut.map(seconds)).toEqual([MAX_SEGMENT_MS / 1000, MAX_SEGMENT_MS / 1000, 10]);
    const click = speechPcm(0.1);
    expect(segmentsOf(silence(3), click, silence(3))).toEqual([]);
  });
});
