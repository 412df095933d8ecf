import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  beginMessage,
  errorMessage,
  terminationMessage,
  turnMessage,
} from "../../worker/providers/contracts/assemblyai-streaming.ts";
import { briefingSentence, withoutMarks } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm } from "../fixtures/speech-wav.ts";
import { call } from "./helpers.ts";
import { cut, joined, recording } from "./webm-fixtures.ts";

vi.setConfig({ testTimeout: 20_000 });

const KEY = "sandbox-assemblyai-streaming-key";
const message = z.discriminatedUnion("type", [beginMessage, turnMessage, terminationMessage, errorMessage]);
type Message = z.infer<typeof message>;

/** A stream on the emulator, every message read against the documented schemas. */
async function stream(query: string, headers: Record<string, string> = { authorization: KEY }) {
  const response = await call(`/__sandbox/assemblyai-streaming/v3/ws?${query}`, {
    headers: { upgrade: "websocket", ...headers },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket as WebSocket;
  socket.accept();
  const messages: Message[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(message.parse(JSON.parse(event.data as string)));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  return { socket, messages, closed };
}

/** `ms` of 16 kHz 16-bit mono PCM speech. */
const chunk = (ms = 250) => speechPcm(ms / 1000).buffer;

async function refusal(query: string, headers?: Record<string, string>) {
  const { messages, closed } = await stream(query, headers);
  const { code } = await closed;
  const error = messages.find((m) => m.type === "Error");
  return { code, error };
}

describe("the AssemblyAI streaming emulator", () => {
  it("refuses a missing or wrong key, and a temporary token it never issued, with an Error frame and close 1008", async () => {
    const wrongKeys: Record<string, string>[] = [{}, { authorization: "sandbox-assemblyai-key" }];
    for (const headers of wrongKeys) {
      const { code, error } = await refusal("sample_rate=16000", headers);
      expect(code).toBe(1008);
      expect(error).toMatchObject({ error_code: 1008, error: expect.stringMatching(/^Unauthorized Connection/) });
    }
    expect((await refusal("sample_rate=16000&token=forged", {})).code).toBe(1008);
  });

  it("refuses what the description does not allow with close 3006", async () => {
    for (const query of [
      "sample_rate=16000&encoding=opus",
      "sample_rate=16000&speech_model=whisper-rt&language=en",
      "sample_rate=16000&speech_model=nova-3",
      "sample_rate=16000&keyterms_prompt=Vox",
      "sample_rate=16000&speaker_labels=yes",
      "sample_rate=16000&max_speakers=11",
      "sample_rate=16000&inactivity_timeout=2",
      "sample_rate=16000&speech_model=whisper-rt&language_detection=true",
    ]) {
      const { code, error } = await refusal(query);
      expect(code, query).toBe(3006);
      expect(error?.error_code, query).toBe(3006);
    }
  });

  it("refuses an audio chunk shorter than 50 ms or longer than 1000 ms with close 3007", async () => {
    for (const ms of [20, 1500]) {
      const { socket, messages, closed } = await stream("sample_rate=16000&speech_model=whisper-rt");
      socket.send(chunk(ms));
      expect((await closed).code).toBe(3007);
      expect(messages.at(-1)).toMatchObject({ type: "Error", error_code: 3007 });
    }
  });

  it("begins, speaks the corpus in the session's language in turns with speakers, and terminates with the audio's duration", async () => {
    const { socket, messages, closed } = await stream(
      `sample_rate=16000&encoding=pcm_s16le&speech_model=whisper-rt&format_turns=true&speaker_labels=true&keyterms_prompt=${encodeURIComponent('["Vox"]')}&sandbox_language=yo`,
    );
    for (let i = 0; i < 24; i++) socket.send(chunk());
    socket.send(JSON.stringify({ type: "Terminate" }));
    await closed;
    expect(messages[0]).toMatchObject({ type: "Begin" });
    const turns = messages.filter((m): m is z.infer<typeof turnMessage> => m.type === "Turn");
    expect(turns.some((t) => !t.end_of_turn)).toBe(true);
    const formatted = turns.filter((t) => t.end_of_turn && t.turn_is_formatted);
    expect(formatted).toHaveLength(2);
    // Written as Whisper writes Yorùbá: without tone marks or under-dots, which Spitch's pass restores.
    const yoruba = Array.from({ length: 7 }, (_, i) => withoutMarks(briefingSentence("yo", i)));
    for (const t of formatted) expect(yoruba).toContain(t.transcript);
    expect(formatted.map((t) => t.speaker_label)).toEqual(["A", "B"]);
    expect(messages.at(-1)).toEqual(expect.objectContaining({ type: "Termination", audio_duration_seconds: 6 }));
  });

  it("hears nothing in what is not PCM speech: WebM Opus bytes sent as pcm_s16le, silence or a constant level give no Turn, and their audio is still counted", async () => {
    const query = "sample_rate=16000&encoding=pcm_s16le&speech_model=whisper-rt&format_turns=true&sandbox_language=yo";
    const webm = await stream(query);
    // The page's recording as it is (four times over, past a turn's length), in pieces the service
    // takes by length: 8,000 bytes, 250 ms as PCM.
    const pages = joined(recording, recording, recording, recording);
    for (const piece of cut(pages, [8000])) if (piece.byteLength === 8000) webm.socket.send(piece);
    const silent = await stream(query);
    for (let i = 0; i < 16; i++) silent.socket.send(new ArrayBuffer(8000));
    const constant = await stream(query);
    for (let i = 0; i < 16; i++) constant.socket.send(new Uint8Array(8000).fill(9).buffer);
    for (const { socket, closed, messages } of [webm, silent, constant]) {
      socket.send(JSON.stringify({ type: "Terminate" }));
      await closed;
      expect(messages.filter((m) => m.type === "Turn")).toEqual([]);
      expect(messages.at(-1)).toMatchObject({ type: "Termination" });
    }
    expect(webm.messages.at(-1)).toMatchObject({ audio_duration_seconds: 3 });
    expect(silent.messages.at(-1)).toMatchObject({ audio_duration_seconds: 4 });
  });
});
