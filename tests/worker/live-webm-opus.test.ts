import { describe, expect, it, vi } from "vitest";
import { languageRefusal } from "../../worker/contracts/language-support.ts";
import { LANGUAGES } from "../../worker/contracts/languages.ts";
import { liveTicketSchema, transcriptDetailSchema, type WatchServerMessage } from "../../worker/live/contracts/live.ts";
import { LIVE_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { LIVE_ENCODINGS } from "../../worker/live/contracts/live-constants.ts";
import { liveAudioPath } from "../../worker/live/provider-stream.ts";
import { briefingSentence, translateText } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { attach, finals, linkFor, readyOf, resume, type Session, until, upgrade, watch } from "./live-sockets.ts";
import { cut, recording, shortRecording } from "./webm-fixtures.ts";

vi.setConfig({ testTimeout: 30_000 });

/**
 * Yorùbá and Hausa from VoxScribe's page: its MediaRecorder's WebM Opus, which AssemblyAI's
 * streaming cannot take, decoded by the relay to 16 kHz PCM. The emulator hears nothing in bytes
 * that are not PCM speech, so these fail if the relay passes the WebM through.
 */

async function pageSession(language: "yo" | "ha", body: Record<string, string> = {}) {
  const { token } = await registerAndSignIn();
  const answer = await call("/api/live/ticket", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ language, ...body }),
  });
  expect(answer.status).toBe(201);
  const { ticket } = liveTicketSchema.parse(await answer.json());
  const session = attach(await upgrade(new URLSearchParams({ ticket }).toString()));
  expect(session.status).toBe(101);
  await session.received(1);
  return { token, session };
}

/** A recording sent as the page's frames: about 250 ms each (1 KB at 32 kb/s), cut at odd places. */
const sendRecording = (session: Session, bytes: ArrayBuffer, sizes: readonly number[] = [1009, 17, 1000]) => {
  for (const piece of cut(bytes, sizes)) session.socket.send(piece);
};

const sentencesIn = (language: "yo" | "ha") => Array.from({ length: 7 }, (_, i) => briefingSentence(language, i));

async function keptTranscript(token: string, sessionId: string) {
  const kept = await call(`/api/live/transcripts/${sessionId}`, { headers: { authorization: `Bearer ${token}` } });
  return transcriptDetailSchema.parse(await kept.json());
}

describe("live audio the relay serves", () => {
  it("every language live transcription serves takes every encoding a ticket may name, the page's WebM Opus first", () => {
    for (const language of LANGUAGES.filter((each) => languageRefusal("live", each) === null)) {
      for (const encoding of LIVE_ENCODINGS) {
        expect({ language, encoding, served: liveAudioPath(language, encoding) !== null }).toEqual({
          language,
          encoding,
          served: true,
        });
      }
    }
    expect(liveAudioPath("yo", "webm-opus")).toEqual({ sends: "pcm_s16le", decodes: true });
    expect(liveAudioPath("en", "webm-opus")).toEqual({ sends: "webm-opus", decodes: false });
  });
});

describe("a Yorùbá or Hausa session from the page's WebM Opus", () => {
  it.for(["yo", "ha"] as const)(
    "in %s: a MediaRecorder recording in frames cut anywhere becomes finals in that language, on the page, for viewers and in the kept transcript, metered at its length",
    async (language) => {
      const { token, session } = await pageSession(language);
      const viewer = await watch(await linkFor(token, session.id));
      sendRecording(session, recording);
      await until(session, (messages) => finals(messages).length === 2);
      session.socket.send(JSON.stringify({ type: "stop" }));
      expect((await session.closed).code).toBe(1000);

      // Yorùbá or Hausa sentences: AssemblyAI's emulator spoke, and heard speech in what it was sent.
      const spoken = finals(session.messages);
      expect(spoken.length).toBeGreaterThanOrEqual(2);
      for (const final of spoken) expect(sentencesIn(language)).toContain(final.text);
      await until(viewer, (messages) => finals(messages).length === spoken.length);
      expect(finals(viewer.messages).map(({ text }) => text)).toEqual(spoken.map(({ text }) => text));
      const detail = await keptTranscript(token, session.id);
      expect(detail.segments.map(({ text }) => text)).toEqual(spoken.map(({ text }) => text));
      // The 6.5 s recording, as AssemblyAI counts whole seconds of the PCM it was sent.
      expect(detail.duration_seconds).toBeGreaterThanOrEqual(6);
      expect(detail.duration_seconds).toBeLessThanOrEqual(7);
    },
  );

  it("a caption reader of English reads a Yorùbá talk in English, each final with the Yorùbá as spoken", async () => {
    const { token, session } = await pageSession("yo");
    const reader = await watch(await linkFor(token, session.id), { language: "en" });
    sendRecording(session, recording);
    await until(session, (messages) => finals(messages).length === 2);
    await until(reader, (messages) => finals(messages).length === 2);
    session.socket.send(JSON.stringify({ type: "stop" }));

    const spoken = finals(session.messages);
    const read = [...(finals(reader.messages) as Extract<WatchServerMessage, { type: "transcript" }>[])].sort(
      (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
    );
    expect(read.map(({ text, language, original }) => ({ text, language, original }))).toEqual(
      spoken.map(({ text }) => ({ text: translateText(text, "yo", "en"), language: "en", original: text })),
    );
    // The English is the corpus's, not the Yorùbá passed through.
    for (const final of read) expect(final.text).not.toBe(final.original);
  });

  it("carries on when the page restarts its recorder mid-session: the new recording's EBML header starts a new decode", async () => {
    const { token, session } = await pageSession("yo");
    sendRecording(session, shortRecording);
    sendRecording(session, recording, [333, 2048, 1]);
    await until(session, (messages) => finals(messages).length === 3);
    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    const spoken = finals(session.messages);
    for (const final of spoken) expect(sentencesIn("yo")).toContain(final.text);
    // Both recordings were heard: 3.5 s and 6.5 s.
    const detail = await keptTranscript(token, session.id);
    expect(detail.duration_seconds).toBeGreaterThanOrEqual(9);
    expect(detail.duration_seconds).toBeLessThanOrEqual(11);
  });

  it("a page reloaded mid-session resumes with a new recording, which the reopened stream decodes from its own header", async () => {
    const { token, session: first } = await pageSession("ha");
    sendRecording(first, recording);
    await until(first, (messages) => finals(messages).length === 2);
    first.socket.close(4000, "reloaded");
    await first.closed;
    const second = await resume(token, readyOf(first.messages).resume_token, 2, true);
    await second.received(1);
    sendRecording(second, shortRecording);
    second.socket.send(JSON.stringify({ type: "stop" }));
    expect((await second.closed).code).toBe(1000);
    const after = finals(second.messages);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after[0]?.seq).toBe(3);
    for (const final of after) expect(sentencesIn("ha")).toContain(final.text);
  });

  it("audio that is not WebM Opus on a WebM ticket ends the session as audio that could not be decoded (1003)", async () => {
    const { session } = await pageSession("yo", { encoding: "webm-opus" });
    session.socket.send(speechPcm(0.25).buffer);
    expect((await session.closed).code).toBe(LIVE_CLOSES.audioNotDecoded.code);
  });

  it("raw PCM on a pcm_s16le ticket still goes to AssemblyAI as it is", async () => {
    const { session } = await pageSession("yo", { encoding: "pcm_s16le" });
    const pcm = speechPcm(6);
    for (let at = 0; at < pcm.byteLength; at += 8000) session.socket.send(pcm.slice(at, at + 8000).buffer);
    await until(session, (messages) => finals(messages).length === 2);
    for (const final of finals(session.messages)) expect(sentencesIn("yo")).toContain(final.text);
  });
});
