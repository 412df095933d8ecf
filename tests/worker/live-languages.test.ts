import { describe, expect, it, vi } from "vitest";
import { languageRefusal } from "../../worker/contracts/language-support.ts";
import { liveTicketSchema, transcriptDetailSchema } from "../../worker/live/contracts/live.ts";
import { LIVE_CLOSES } from "../../worker/live/contracts/live-closes.ts";
import { closeForProviderClose } from "../../worker/live/provider-closes.ts";
import { takeProviderCalls } from "../../worker/sandbox/provider-calls.ts";
import { briefingSentence } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { attach, finals, linkFor, openInLanguage, transcripts, until, upgrade, watch } from "./live-sockets.ts";

vi.setConfig({ testTimeout: 30_000 });

function askTicket(token: string, body: unknown) {
  return call("/api/live/ticket", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** 250 ms of 16 kHz 16-bit mono PCM speech, as a device or an API user streams it. */
const pcmFrame = () => speechPcm(0.25).buffer;

const sentencesIn = (language: "yo" | "ha") => Array.from({ length: 7 }, (_, i) => briefingSentence(language, i));

describe("live tickets in Yorùbá and Hausa", () => {
  it("are given for the page's WebM Opus (the default) and for raw PCM, as Igbo's are (live-igbo.test.ts); Naijá stays refused with its reason", async () => {
    const { token } = await registerAndSignIn();
    for (const language of ["yo", "ha", "ig"] as const) {
      for (const body of [{ language }, { language, encoding: "webm-opus" }, { language, encoding: "pcm_s16le" }]) {
        expect((await askTicket(token, body)).status, JSON.stringify(body)).toBe(201);
      }
    }
    for (const language of ["pcm"] as const) {
      const refused = await askTicket(token, { language, encoding: "pcm_s16le" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "language_not_served",
        message: languageRefusal("live", language),
      });
    }
    const unknown = await askTicket(token, { language: "yo", encoding: "mp3" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "validation_failed" });
    expect((await askTicket(token, { encoding: "pcm_s16le" })).status).toBe(201);
  });
});

describe("a live session in Yorùbá or Hausa", () => {
  it.for(["yo", "ha"] as const)(
    "in %s streams through AssemblyAI whisper-rt: interims, then finals with speakers, on the page, for viewers and in the kept transcript",
    async (language) => {
      const { token } = await registerAndSignIn();
      const session = await openInLanguage(token, language);
      const viewer = await watch(await linkFor(token, session.id));
      // Two turns of three seconds, then half a second AssemblyAI cannot tell the speaker of.
      for (let i = 0; i < 26; i++) session.socket.send(pcmFrame());
      await until(session, (messages) => finals(messages).length === 2);
      session.socket.send(JSON.stringify({ type: "stop" }));
      expect((await session.closed).code).toBe(1000);
      expect(takeProviderCalls().some((line) => line.split(" ")[1] === "assemblyai-streaming")).toBe(true);

      expect(transcripts(session.messages).some((message) => !message.is_final)).toBe(true);
      const spoken = finals(session.messages);
      for (const final of spoken) expect(sentencesIn(language)).toContain(final.text);
      // AssemblyAI's A and B are speakers 1 and 2, as every live language labels them; its
      // UNKNOWN (a turn under a second) stays with the speaker before it.
      expect(spoken.map(({ seq, speaker }) => ({ seq, speaker }))).toEqual([
        { seq: 1, speaker: "1" },
        { seq: 2, speaker: "2" },
        { seq: 3, speaker: "2" },
      ]);

      await until(viewer, (messages) => finals(messages).length === 3);
      expect(finals(viewer.messages).map(({ text, speaker }) => ({ text, speaker }))).toEqual(
        spoken.map(({ text, speaker }) => ({ text, speaker })),
      );

      const kept = await call(`/api/live/transcripts/${session.id}`, { headers: { authorization: `Bearer ${token}` } });
      const detail = transcriptDetailSchema.parse(await kept.json());
      expect(detail.segments.map(({ text, speaker }) => ({ text, speaker }))).toEqual(
        spoken.map(({ text, speaker }) => ({ text, speaker })),
      );
      expect(detail.utterances?.map((utterance) => utterance.speaker)).toEqual(["1", "2", "2"]);
      // Metered from the audio AssemblyAI reports processing: 26 chunks of 250 ms, in whole seconds.
      expect(detail.duration_seconds).toBe(7);
    },
  );
});

describe("AssemblyAI's stream closes on the page's close table", () => {
  it.for([
    { close: 1008, reason: "Unauthorized Connection: Invalid API key", page: LIVE_CLOSES.notAuthorised },
    { close: 3007, reason: "Input duration violation: 20 ms", page: LIVE_CLOSES.audioNotDecoded },
    { close: 3005, reason: "Session Cancelled: An error occurred", page: LIVE_CLOSES.serviceFailed },
  ])(
    "a Yorùbá session whose stream AssemblyAI closes $close ends the page's socket with $page.code",
    async ({ close, reason, page }) => {
      const { token } = await registerAndSignIn();
      const answer = await askTicket(token, { language: "yo", encoding: "pcm_s16le" });
      const { ticket } = liveTicketSchema.parse(await answer.json());
      const flags = { ticket, fail_close: String(close), fail_reason: reason, fail_after_ms: "200" };
      const session = attach(await upgrade(new URLSearchParams(flags).toString()));
      expect(session.status).toBe(101);
      session.socket.send(pcmFrame());
      expect((await session.closed).code).toBe(page.code);
    },
  );

  it("a refused key, audio it cannot take and too many sessions each mean what the page can explain", () => {
    expect(closeForProviderClose(1008, "Unauthorized Connection: Invalid API key")).toBe(LIVE_CLOSES.notAuthorised);
    expect(closeForProviderClose(3007, "Input duration violation: 20 ms")).toBe(LIVE_CLOSES.audioNotDecoded);
    expect(closeForProviderClose(3009, "Unauthorized Connection: Too many concurrent sessions")).toBe(
      LIVE_CLOSES.serviceBusy,
    );
    expect(closeForProviderClose(3005, "Session Cancelled: An error occurred")).toBe(LIVE_CLOSES.serviceFailed);
    // Deepgram's 1008 carries its own tag, which still decides.
    expect(closeForProviderClose(1008, "DATA-0000 the audio could not be decoded")).toBe(LIVE_CLOSES.audioNotDecoded);
  });
});
