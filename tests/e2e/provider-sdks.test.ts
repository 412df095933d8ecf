import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeepgramClient } from "@deepgram/sdk";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { AssemblyAI } from "assemblyai";
import Spitch from "spitch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefingSentence, withoutMarks } from "../../worker/sandbox/spitch-corpus.ts";
import { speechPcm, speechWav, twoSpeakerWav } from "../fixtures/speech-wav.ts";
import { baseUrl } from "./browser.ts";

/**
 * The providers' official SDKs, unmodified, pointed at the sandbox of a running `npm start` for
 * every operation the product uses: a developer can do the same with the keys README lists.
 */

const sandbox = (provider: string) => `${baseUrl()}/__sandbox/${provider}`;
const VOICE = "sbxTundeNews002";
// The models and format the product's adapters send.
const TTS_MODEL_ID = "eleven_multilingual_v2";
const STS_MODEL_ID = "eleven_multilingual_sts_v2";
const TTS_OUTPUT_FORMAT = "mp3_22050_32";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An MP3 stream starts with an ID3 tag or a frame sync. */
const isMp3 = (bytes: Uint8Array) =>
  (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) ||
  (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);

describe("ElevenLabs SDK against the sandbox", () => {
  const client = new ElevenLabsClient({ apiKey: "sandbox-elevenlabs-key", baseUrl: sandbox("elevenlabs") });

  it("lists voices and speaks through both text-to-speech calls", async () => {
    const { voices } = await client.voices.getAll();
    expect(voices.map((voice) => voice.voiceId)).toContain(VOICE);
    const request = {
      text: "Good morning from Abuja.",
      modelId: TTS_MODEL_ID,
      outputFormat: TTS_OUTPUT_FORMAT,
    } as const;
    for (const audio of [
      await client.textToSpeech.convert(VOICE, request),
      await client.textToSpeech.stream(VOICE, request),
    ]) {
      const bytes = await bytesOf(audio);
      expect(isMp3(bytes)).toBe(true);
      expect(bytes.length).toBeGreaterThan(1000);
    }
  });

  it("converts a recording through both speech-to-speech calls", async () => {
    const take = () => new File([speechWav(2)], "take.wav", { type: "audio/wav" });
    const converted = [
      await client.speechToSpeech.convert(VOICE, { audio: take(), modelId: STS_MODEL_ID }),
      await client.speechToSpeech.stream(VOICE, { audio: take(), modelId: STS_MODEL_ID }),
    ];
    for (const audio of converted) expect(isMp3(await bytesOf(audio))).toBe(true);
  });
});

describe("Deepgram SDK against the sandbox", () => {
  const base = sandbox("deepgram");
  const client = new DeepgramClient({
    apiKey: "sandbox-deepgram-key",
    environment: {
      base,
      production: base.replace(/^http/, "ws"),
      agent: base.replace(/^http/, "ws"),
      agentRest: base,
    },
  });

  it("transcribes a file with the analyses the sentiment report asks for", async () => {
    const result = await client.listen.v1.media.transcribeFile(Buffer.from(speechWav(8)), {
      model: "nova-3",
      summarize: "v2",
      topics: true,
      intents: true,
      sentiment: true,
      smart_format: true,
      utterances: true,
    });
    if (!("results" in result)) throw new Error("expected results, got a callback acceptance");
    expect(result.results.channels[0]?.alternatives?.[0]?.transcript?.split(" ").length).toBeGreaterThan(5);
    expect(result.results.sentiments?.average?.sentiment).toMatch(/positive|neutral|negative/);
    expect(result.results.utterances?.length).toBe(2);
    expect(result.metadata.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("labels the speakers of a briefing with questions when diarize_model asks, as the sentiment report does", async () => {
    const result = await client.listen.v1.media.transcribeFile(Buffer.from(twoSpeakerWav(12)), {
      model: "nova-3",
      utterances: true,
      diarize_model: "latest",
    });
    if (!("results" in result)) throw new Error("expected results, got a callback acceptance");
    const utterances = result.results.utterances ?? [];
    expect(utterances.map((utterance) => utterance.speaker)).toEqual([0, 1, 0]);
    expect(utterances[1]?.words?.every((word) => word.speaker === 1)).toBe(true);
  });

  it("streams audio and receives final Results and the closing Metadata", async () => {
    const socket = await client.listen.v1.connect({
      model: "nova-3",
      punctuate: "true",
      smart_format: "true",
      interim_results: "true",
      reconnectAttempts: 0,
    });
    const finals: string[] = [];
    const done = new Promise<number>((resolve, reject) => {
      socket.on("message", (message) => {
        if (message.type === "Results" && message.is_final)
          finals.push(message.channel.alternatives[0]?.transcript ?? "");
        if (message.type === "Metadata") resolve(message.duration);
      });
      socket.on("error", reject);
    });
    socket.connect();
    await socket.waitForOpen();
    for (let i = 0; i < 13; i++) socket.sendMedia(new Uint8Array(4000).fill(i));
    socket.sendCloseStream({ type: "CloseStream" });
    expect(await done).toBe(3.25);
    expect(finals.length).toBe(2);
    expect(finals[0]?.length).toBeGreaterThan(10);
  });

  it("streams with diarize_model as the relay does: every final word carries its speaker, the journalist's from the second sentence", async () => {
    const socket = await client.listen.v1.connect({
      model: "nova-3",
      interim_results: "true",
      diarize_model: "latest",
      reconnectAttempts: 0,
    });
    const speakers: (number | undefined)[][] = [];
    const done = new Promise<void>((resolve, reject) => {
      socket.on("message", (message) => {
        if (message.type === "Results" && message.is_final)
          speakers.push(message.channel.alternatives[0]?.words.map((word) => word.speaker) ?? []);
        if (message.type === "Metadata") resolve();
      });
      socket.on("error", reject);
    });
    socket.connect();
    await socket.waitForOpen();
    for (let i = 0; i < 24; i++) socket.sendMedia(new Uint8Array(4000).fill(i));
    socket.sendCloseStream({ type: "CloseStream" });
    await done;
    expect(speakers.map((words) => [...new Set(words)])).toEqual([[0], [1]]);
  });
});

describe("AssemblyAI SDK against the sandbox", () => {
  const client = new AssemblyAI({ apiKey: "sandbox-assemblyai-key", baseUrl: sandbox("assemblyai") });

  it("uploads, transcribes with speech_models, reads and polls as the press-release job does", async () => {
    const uploadUrl = await client.files.upload(Buffer.from(speechWav(10)));
    const transcript = await client.transcripts.transcribe(
      { audio: uploadUrl, speech_models: ["universal-3-pro", "universal-2"], language_detection: true },
      { pollingInterval: 200, pollingTimeout: 30_000 },
    );
    expect(transcript.status).toBe("completed");
    expect(transcript.text?.split(" ").length).toBeGreaterThan(10);
    expect((await client.transcripts.get(transcript.id)).text).toBe(transcript.text);
  });

  it("answers turns with speakers A and B when speaker_labels asks, as the press-release job does", async () => {
    const uploadUrl = await client.files.upload(Buffer.from(twoSpeakerWav(12)));
    const transcript = await client.transcripts.transcribe(
      { audio: uploadUrl, speech_models: ["universal-3-pro", "universal-2"], speaker_labels: true },
      { pollingInterval: 200, pollingTimeout: 30_000 },
    );
    expect(transcript.utterances?.map((utterance) => utterance.speaker)).toEqual(["A", "B", "A"]);
    expect(transcript.words?.every((word) => word.speaker === "A" || word.speaker === "B")).toBe(true);
  });

  it("is refused, as by the real service, when speech_models is left out", async () => {
    const uploadUrl = await client.files.upload(Buffer.from(speechWav(2)));
    await expect(client.transcripts.submit({ audio: uploadUrl })).rejects.toThrow(/speech_models is required/);
  });
});

/**
 * The streaming client opens only `wss:` addresses, so it reaches the sandbox through a TLS front on
 * loopback: a certificate made for the test, each upgrade passed on to the emulator's path with the
 * sandbox's language flag (the emulator cannot tell a language by ear), bytes piped both ways.
 */
async function tlsFront(language: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), "vox-tls-"));
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ]),
    { stdio: "ignore" },
  );
  const server = createServer({ key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) });
  const target = new URL(baseUrl());
  server.on("upgrade", (request, socket, head) => {
    const upstream = connect(Number(target.port), target.hostname, () => {
      const path = `/__sandbox/assemblyai-streaming${request.url ?? ""}&sandbox_language=${language}`;
      const headers: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        const name = request.rawHeaders[i] ?? "";
        headers.push(`${name}: ${name.toLowerCase() === "host" ? target.host : request.rawHeaders[i + 1]}`);
      }
      upstream.write(`GET ${path} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

describe("AssemblyAI streaming SDK against the sandbox", () => {
  let front: Server;
  const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  beforeAll(async () => {
    front = await tlsFront("yo");
    // The front's certificate is the test's own.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  });
  afterAll(() => {
    front.close();
    if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
  });

  it("streams Yorùbá with whisper-rt and speaker labels as the live relay asks: Begin, then each turn formatted, with its speaker", async () => {
    const client = new AssemblyAI({ apiKey: "sandbox-assemblyai-streaming-key" });
    const transcriber = client.streaming.transcriber({
      websocketBaseUrl: `wss://127.0.0.1:${(front.address() as AddressInfo).port}/v3/ws`,
      sampleRate: 16_000,
      encoding: "pcm_s16le",
      speechModel: "whisper-rt",
      formatTurns: true,
      speakerLabels: true,
      // Its default, one second, is short for a busy two-core machine's first connection.
      connectTimeout: 15_000,
    });
    const turns: { text: string; speaker: string | undefined }[] = [];
    transcriber.on("turn", (turn) => {
      // With format_turns, each turn ends twice: as heard, then formatted.
      if (turn.end_of_turn && turn.turn_is_formatted)
        turns.push({ text: turn.transcript, speaker: turn.speaker_label });
    });
    const begin = await transcriber.connect();
    expect(begin.id).toEqual(expect.any(String));
    const audio = speechPcm(4);
    // 50 ms chunks, as AssemblyAI asks (50–1,000 ms each).
    for (let at = 0; at < audio.length; at += 1_600) transcriber.sendAudio(audio.slice(at, at + 1_600).buffer);
    await expect.poll(() => turns.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await transcriber.close();
    // As Whisper writes Yorùbá: without its marks, which Spitch's accurate pass restores.
    const yoruba = Array.from({ length: 7 }, (_, i) => withoutMarks(briefingSentence("yo", i)));
    for (const turn of turns) {
      expect(yoruba, turn.text).toContain(turn.text);
      expect(turn.speaker).toMatch(/^[A-Z]$/);
    }
  });
});

describe("Spitch SDK against the sandbox", () => {
  const client = new Spitch({ apiKey: "sandbox-spitch-key", baseURL: sandbox("spitch") });

  it("speaks Yorùbá as MP3 with a Yorùbá voice, as Vox Speaks asks", async () => {
    const response = await client.speech.generate({
      text: "Ẹ káàárọ̀ o.",
      voice: "sade",
      language: "yo",
      format: "mp3",
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(isMp3(bytes)).toBe(true);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("transcribes a Hausa recording with sentence timestamps and special words", async () => {
    const transcription = await client.speech.transcribe({
      content: new File([speechWav(16)], "briefing.wav", { type: "audio/wav" }),
      language: "ha",
      timestamp: "sentence",
      special_words: "Vox,Abuja",
    });
    expect(transcription.text).toMatch(/^Barka da safiya/);
    expect(transcription.segments?.length).toBe(4);
    expect(transcription.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("translates to English and adds Yorùbá tone marks", async () => {
    const translation = await client.text.translate({
      text: "Daalụ, ka Chineke gọzie obodo anyị.",
      source: "ig",
      target: "en",
    });
    expect(translation.text).toBe("Thank you, and may God bless our country.");
    const marked = await client.text.toneMark({ language: "yo", text: "E se o, ki Olorun bukun orile-ede wa." });
    expect(marked.text).toBe("Ẹ ṣé o, kí Ọlọ́run bùkún orílẹ̀-èdè wa.");
  });

  it("is refused with 401 for a wrong key", async () => {
    const stranger = new Spitch({ apiKey: "not-a-key", baseURL: sandbox("spitch"), maxRetries: 0 });
    await expect(stranger.text.toneMark({ language: "yo", text: "Bawo" })).rejects.toMatchObject({ status: 401 });
  });
});
