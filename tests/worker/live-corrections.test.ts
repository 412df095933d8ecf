import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PcmHistory } from "../../worker/live/audio/pcm-history.ts";
import { type LiveSegment, transcriptDetailSchema, type WatchServerMessage } from "../../worker/live/contracts/live.ts";
import {
  FinalCorrections,
  MAX_CORRECTION_SECONDS,
  MAX_CORRECTIONS_IN_FLIGHT,
} from "../../worker/live/final-corrections.ts";
import { briefingSentence, translateText, withoutMarks } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm } from "../fixtures/speech-wav.ts";
import { call, failNext, registerAndSignIn, slowNext } from "./helpers.ts";
import { corrections, finals, linkFor, openInLanguage, transcripts, until, watch } from "./live-sockets.ts";

// Real sockets through the Worker, the relay and three emulators; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => failNext("spitch-transcribe", 503, 0));

/** A Yorùbá session on raw PCM, shared, with a reader of the spoken language and one of English. */
async function yorubaSession() {
  const { token } = await registerAndSignIn();
  const session = await openInLanguage(token, "yo");
  const link = await linkFor(token, session.id);
  const viewer = await watch(link);
  const english = await watch(link, { language: "en" });
  return { token, session, viewer, english };
}

/** Two turns of three seconds, then half a second, then a stop; resolves when the page's socket closes. */
async function speakAndStop(session: Awaited<ReturnType<typeof yorubaSession>>["session"]) {
  for (let i = 0; i < 26; i++) session.socket.send(speechPcm(0.25).buffer);
  await until(session, (messages) => finals(messages).length === 2);
  session.socket.send(JSON.stringify({ type: "stop" }));
  expect((await session.closed).code).toBe(1000);
}

async function keptTranscript(token: string, id: string) {
  const kept = await call(`/api/live/transcripts/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return transcriptDetailSchema.parse(await kept.json());
}

const texts = (list: readonly { text: string }[]) => list.map(({ text }) => text);
const YORUBA = Array.from({ length: 7 }, (_, i) => briefingSentence("yo", i));
/**
 * The sentence a fast final says, as Spitch writes it: the streaming emulator writes Yorùbá
 * without its marks, as Whisper does, and Spitch's, sent the same turn's audio, hears the same
 * sentence with them.
 */
const accurateOf = (fast: string) => {
  const sentence = YORUBA.find((candidate) => withoutMarks(candidate) === fast);
  if (!sentence) throw new Error(`the fast pass said no sentence of the corpus: ${fast}`);
  return sentence;
};
/** The finals as the fast pass sent them, before any correction. */
const fastFinals = <M extends { type: string }>(socket: { messages: M[] }) =>
  transcripts(socket.messages).filter((m) => m.is_final && !m.correction);

describe("the accurate pass of live Yorùbá", () => {
  it("replaces each fast final with Spitch's text on the page, for readers as spoken and of English, in the kept transcript and its SRT", async () => {
    const { token, session, viewer, english } = await yorubaSession();
    await speakAndStop(session);

    const spoken = fastFinals(session);
    expect(spoken.length).toBe(3);
    const accurate = spoken.map((final) => accurateOf(final.text));
    // Every Yorùbá sentence of the corpus has marks, so every final is corrected, in place.
    const corrected = corrections(session.messages);
    expect(corrected.map(({ seq }) => seq).sort()).toEqual(spoken.map(({ seq }) => seq));
    for (const [i, fast] of spoken.entries()) {
      expect(corrected.find(({ seq }) => seq === fast.seq)).toMatchObject({
        text: accurate[i],
        speaker: fast.speaker,
        start: fast.start,
      });
    }
    const shown = finals(session.messages);
    expect(texts(shown)).toEqual(accurate);

    await until(viewer, (messages) => corrections(messages).length === corrected.length);
    expect(texts(finals(viewer.messages))).toEqual(texts(shown));
    // A reader of English reads the accurate text translated, once per final, never the fast one.
    await until(english, (messages) => finals(messages).length === 3);
    expect(corrections(english.messages)).toEqual([]);
    const read = finals(english.messages) as Extract<WatchServerMessage, { type: "transcript" }>[];
    expect(read.map(({ text, original }) => ({ text, original }))).toEqual(
      accurate.map((text) => ({ text: translateText(text, "yo", "en"), original: text })),
    );

    const detail = await keptTranscript(token, session.id);
    expect(detail.language).toBe("yo");
    expect(texts(detail.segments)).toEqual(texts(shown));
    expect(detail.segments.map(({ speaker }) => speaker)).toEqual(spoken.map(({ speaker }) => speaker));
    const srt = await (
      await call(`/api/live/transcripts/${session.id}/export?format=srt`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    for (const final of spoken) expect(srt).not.toContain(final.text);
    for (const text of accurate) expect(srt).toContain(text);
  });

  it("leaves the fast finals standing when Spitch fails, everywhere, and the captions still flow", async () => {
    await failNext("spitch-transcribe", 503, 50);
    const { token, session, viewer } = await yorubaSession();
    await speakAndStop(session);

    expect(corrections(session.messages)).toEqual([]);
    const spoken = finals(session.messages);
    expect(spoken.length).toBe(3);
    await until(viewer, (messages) => finals(messages).length === 3);
    expect(corrections(viewer.messages)).toEqual([]);
    expect(texts(fastFinals(viewer))).toEqual(texts(spoken));
    expect(texts((await keptTranscript(token, session.id)).segments)).toEqual(texts(spoken));
    // Spitch was asked for every final, and refused each.
    const row = await env.DB.prepare("SELECT remaining FROM sandbox_faults WHERE target = 'spitch-transcribe'").first<{
      remaining: number;
    }>();
    expect(50 - (row?.remaining ?? 0)).toBe(3);
  });
});

describe("corrections that a reader was away for, or that were still on their way", () => {
  /** Two turns of three seconds, Spitch answering each correction `delayMs` late. */
  async function twoSlowTurns(delayMs: number) {
    await slowNext("spitch-transcribe", delayMs, 2);
    const { token } = await registerAndSignIn();
    const session = await openInLanguage(token, "yo");
    const link = await linkFor(token, session.id);
    for (let i = 0; i < 25; i++) session.socket.send(speechPcm(0.25).buffer);
    await until(session, (messages) => fastFinals({ messages }).length === 2);
    const wrong = fastFinals(session)[0] as ReturnType<typeof fastFinals<(typeof session.messages)[number]>>[number];
    return { token, session, link, accurate: accurateOf(wrong.text), wrong };
  }

  it("gives a viewer that dropped after a final, and came back, that final's correction; as does the kept link once the session is over", async () => {
    const { session, link, accurate, wrong } = await twoSlowTurns(1500);
    const viewer = await watch(link);
    await until(viewer, (messages) => finals(messages).some((final) => final.seq === wrong.seq));
    viewer.socket.close(1000, "train in a tunnel");
    // The correction lands while the viewer is away.
    await until(session, (messages) => corrections(messages).some((final) => final.seq === wrong.seq));

    const back = await watch(link, { after: wrong.seq });
    await until(back, (messages) => corrections(messages).some((final) => final.seq === wrong.seq));
    expect(corrections(back.messages).find((final) => final.seq === wrong.seq)).toMatchObject({
      text: accurate,
      speaker: wrong.speaker,
      start: wrong.start,
    });
    // What it had before the correction was heard is not sent again.
    expect(fastFinals(back).filter((final) => (final.seq ?? 0) <= (wrong.seq ?? 0))).toEqual([]);

    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    const afterwards = await watch(link, { after: wrong.seq });
    await afterwards.closed;
    expect(corrections(afterwards.messages).map(({ seq, text }) => ({ seq, text }))).toContainEqual({
      seq: wrong.seq,
      text: accurate,
    });
  });

  it("gives a reader of English who joins while a final's correction is on its way the translation of the accurate text, never of the fast one", async () => {
    const { session, link, accurate, wrong } = await twoSlowTurns(1500);
    expect(corrections(session.messages)).toEqual([]);
    const english = await watch(link, { language: "en" });
    await until(english, (messages) => finals(messages).some((final) => final.seq === wrong.seq));
    const read = (transcripts(english.messages) as Extract<WatchServerMessage, { type: "transcript" }>[]).filter(
      (final) => final.seq === wrong.seq,
    );
    expect(read.map(({ text, original }) => ({ text, original }))).toEqual([
      { text: translateText(accurate, "yo", "en"), original: accurate },
    ]);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
  });
});

describe("the accurate pass's bounds", () => {
  const segment = (seq: number, start: number, duration: number): LiveSegment => ({
    seq,
    text: `fast ${seq}`,
    start,
    duration,
    speaker: "1",
  });
  /** Forty seconds heard in the page's 250 ms frames, thirty kept, and a Spitch that answers only when told. */
  function corrector() {
    const audio = new PcmHistory(30);
    audio.restartAt(0);
    const pcm = speechPcm(40);
    for (let at = 0; at < pcm.byteLength; at += 8000) audio.push(pcm.slice(at, at + 8000).buffer);
    const asked: { wav: Blob; answer: (text: string) => void; fail: () => void }[] = [];
    const corrections = new FinalCorrections(
      (wav) =>
        new Promise<string>((resolve, reject) => {
          asked.push({ wav, answer: resolve, fail: () => reject(new Error("Spitch refused")) });
        }),
      audio,
      "[test]",
    );
    return { corrections, asked };
  }

  it("asks for at most a few corrections at once; a later final keeps its fast text rather than wait", async () => {
    const { corrections, asked } = corrector();
    const results = Array.from({ length: MAX_CORRECTIONS_IN_FLIGHT + 1 }, (_, i) =>
      corrections.correct(segment(i + 1, 12 + i, 1), (text) => ({ ...segment(i + 1, 12 + i, 1), text })),
    );
    expect(asked.length).toBe(MAX_CORRECTIONS_IN_FLIGHT);
    expect((await results.at(-1))?.text).toBe(`fast ${MAX_CORRECTIONS_IN_FLIGHT + 1}`);
    asked[0]?.answer("accurate 1");
    asked[1]?.fail();
    expect((await results[0])?.text).toBe("accurate 1");
    expect((await results[1])?.text).toBe("fast 2");
    // A place freed is taken by the next final.
    void corrections.correct(segment(9, 20, 1), (text) => ({ ...segment(9, 20, 1), text }));
    expect(asked.length).toBe(MAX_CORRECTIONS_IN_FLIGHT + 1);
  });

  it("sends a final's own audio as WAV, never more than its cap, and nothing it no longer holds", async () => {
    const { corrections, asked } = corrector();
    void corrections.correct(segment(1, 20, 2), (text) => ({ ...segment(1, 20, 2), text }));
    // 44 bytes of header, then two seconds of 16 kHz 16-bit samples.
    expect(asked[0]?.wav.size).toBe(44 + 2 * 16_000 * 2);
    expect(new TextDecoder().decode((await asked[0]?.wav.arrayBuffer())?.slice(0, 4))).toBe("RIFF");
    const long = segment(2, 20, MAX_CORRECTION_SECONDS + 1);
    expect(await corrections.correct(long, () => ({ ...long, text: "never" }))).toBe(long);
    // Forty seconds were heard and thirty kept: the first ten are gone.
    const old = segment(3, 2, 3);
    expect(await corrections.correct(old, () => ({ ...old, text: "never" }))).toBe(old);
    expect(asked.length).toBe(1);
  });
});
