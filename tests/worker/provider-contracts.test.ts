import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../worker/core/config.ts";
import { chatRequestBody, transcriptRequestBody } from "../../worker/providers/assemblyai.ts";
import { assemblyAiLiveQuery } from "../../worker/providers/assemblyai-live.ts";
import * as assemblyai from "../../worker/providers/contracts/assemblyai.ts";
import * as assemblyaiStreaming from "../../worker/providers/contracts/assemblyai-streaming.ts";
import * as deepgram from "../../worker/providers/contracts/deepgram.ts";
import * as elevenlabs from "../../worker/providers/contracts/elevenlabs.ts";
import * as gateway from "../../worker/providers/contracts/llm-gateway.ts";
import * as paystack from "../../worker/providers/contracts/paystack.ts";
import * as spitch from "../../worker/providers/contracts/spitch.ts";
import { analysisQuery } from "../../worker/providers/deepgram.ts";
import { liveQuery } from "../../worker/providers/deepgram-live.ts";
import { speechRequestBody } from "../../worker/providers/elevenlabs.ts";
import { initializeRequestBody } from "../../worker/providers/paystack.ts";
import { ProviderContractError, readAnswer } from "../../worker/providers/provider-error.ts";
import { speechRequestBody as spitchSpeechBody, transcriptionForm } from "../../worker/providers/spitch.ts";
import {
  STS_MODEL_ID,
  TTS_MODEL_ID,
  TTS_OUTPUT_FORMAT,
  TTS_VOICE_SETTINGS,
} from "../../worker/speech/contracts/tts-constants.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, ORIGIN } from "./helpers.ts";

/**
 * Each provider call the product makes, checked three ways against the schemas written from the
 * providers' published descriptions: what the adapter sends, what the emulator refuses (with the
 * provider's own status and error body), and every field of what the emulator answers.
 */

const SANDBOX = "/__sandbox";
const json = (body: unknown, headers: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const wav = (seconds: number) => speechWav(seconds);

describe("AssemblyAI /v2 transcripts", () => {
  const auth = { authorization: "sandbox-assemblyai-key" };
  const upload = async () => {
    const response = await call(`${SANDBOX}/assemblyai/v2/upload`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/octet-stream" },
      body: wav(6),
    });
    expect(response.status).toBe(200);
    return assemblyai.uploadAnswer.parse(await response.json()).upload_url;
  };
  const create = (body: unknown) => call(`${SANDBOX}/assemblyai/v2/transcript`, json(body, auth));

  it("the adapter sends speech_models from configuration, and its request passes the description", () => {
    const models = loadConfig(env).models.transcription;
    expect(models).toEqual(["universal-3-pro", "universal-2"]);
    const body = transcriptRequestBody({ audioUrl: "https://cdn.example/upload/1", speechModels: models });
    expect(assemblyai.createTranscriptRequest.parse(body).speech_models).toEqual(["universal-3-pro", "universal-2"]);
  });

  it("refuses a transcript request without speech_models, with an unknown model, or with a wrong type: 400 {error}", async () => {
    const audio_url = await upload();
    const refusals = [
      [{ audio_url }, /speech_models is required/],
      [{ audio_url, speech_models: [] }, /speech_models/],
      [{ audio_url, speech_models: ["universal-9"] }, /Invalid speech_models: universal-9/],
      [{ speech_models: ["universal-2"] }, /audio_url/],
      [{ audio_url, speech_models: ["universal-2"], punctuate: "yes" }, /punctuate/],
    ] as const;
    for (const [body, message] of refusals) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(assemblyai.errorBody.parse(await response.json()).error).toMatch(message);
    }
  });

  it("answers every required transcript field when queued, processing, completed and deleted", async () => {
    const audio_url = await upload();
    const created = await create({
      audio_url,
      speech_models: ["universal-3-pro", "universal-2"],
      language_detection: true,
    });
    expect(created.status).toBe(200);
    const queued = assemblyai.transcriptAnswer.parse(await created.json());
    expect(queued.status).toBe("queued");
    const poll = async () => {
      const response = await call(`${SANDBOX}/assemblyai/v2/transcript/${queued.id}`, { headers: auth });
      return assemblyai.transcriptAnswer.parse(await response.json());
    };
    expect((await poll()).status).toBe("processing");
    const completed = await poll();
    expect(completed.status).toBe("completed");
    expect(completed.speech_models).toEqual(["universal-3-pro", "universal-2"]);
    expect(completed.speech_model_used).toBe("universal-3-pro");
    expect(completed.audio_duration).toBe(6);
    expect(completed.text?.split(" ").length).toBe(completed.words?.length);
    const deleted = await call(`${SANDBOX}/assemblyai/v2/transcript/${queued.id}`, { method: "DELETE", headers: auth });
    expect(deleted.status).toBe(200);
    expect(assemblyai.transcriptAnswer.parse(await deleted.json()).text).toBe("Deleted by user.");
  });

  it("refuses a missing key with 401 {error}", async () => {
    const response = await call(`${SANDBOX}/assemblyai/v2/transcript/x`, { headers: { authorization: "wrong" } });
    expect(response.status).toBe(401);
    expect(assemblyai.errorBody.parse(await response.json()).error).toMatch(/API token/);
  });
});

describe("AssemblyAI LLM Gateway /v1/chat/completions", () => {
  const auth = { authorization: "sandbox-assemblyai-llm-key" };
  const complete = (body: unknown) => call(`${SANDBOX}/assemblyai-llm/v1/chat/completions`, json(body, auth));

  it("the adapter's request passes the description and the answer has the gateway's own usage fields", async () => {
    const body = chatRequestBody({
      model: "claude-sonnet-4-6",
      messages: [{ role: "user", content: "Transcript: We are pleased to announce a new clinic in Kano." }],
      maxTokens: 3000,
      temperature: 0,
    });
    gateway.chatRequest.parse(body);
    const response = await complete(body);
    expect(response.status).toBe(200);
    const answer = gateway.chatAnswer.parse(await response.json());
    expect(answer.usage.total_tokens).toBe(answer.usage.input_tokens + answer.usage.output_tokens);
    expect(answer.request).toEqual({ model: "claude-sonnet-4-6", max_tokens: 3000, temperature: 0 });
    expect(answer.choices[0]?.message.content).toMatch(/^# /);
  });

  it("refuses a request without a model or with a temperature out of range: {error: {code: <integer>, message}}", async () => {
    for (const body of [
      { messages: [{ role: "user", content: "hi" }] },
      { model: "claude-sonnet-4-6", messages: [{ role: "user", content: "hi" }], temperature: 3 },
      { model: "claude-sonnet-4-6" },
    ]) {
      const response = await complete(body);
      expect(response.status).toBe(400);
      expect(gateway.errorBody.parse(await response.json()).error.code).toBe(400);
    }
  });
});

describe("Deepgram prerecorded /v1/listen", () => {
  const auth = { authorization: "Token sandbox-deepgram-key" };
  const listen = (query: deepgram.ListenQuery, init: RequestInit) =>
    call(`${SANDBOX}/deepgram/v1/listen?${deepgram.listenSearchParams(query)}`, init);

  it("the adapter's query passes the description; the answer has sha256, model_info and the utterances it asked for", async () => {
    const query = deepgram.listenQuery.parse(analysisQuery("nova-3"));
    const audio = wav(12);
    const response = await listen(query, {
      method: "POST",
      headers: { ...auth, "content-type": "audio/wav" },
      body: audio,
    });
    expect(response.status).toBe(200);
    const answer = deepgram.prerecordedAnswer.parse(await response.json());
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", audio));
    expect(answer.metadata.sha256).toBe([...digest].map((byte) => byte.toString(16).padStart(2, "0")).join(""));
    const [uuid] = answer.metadata.models;
    expect(answer.metadata.model_info[uuid ?? ""]?.arch).toBe("nova-3");
    expect(answer.results.utterances?.length).toBe(3);
    expect(answer.results.utterances?.map((utterance) => utterance.transcript).join(" ")).toBe(
      answer.results.channels[0]?.alternatives[0]?.transcript,
    );
  });

  it("reads a JSON {url} body by fetching the media, as the service does", async () => {
    const response = await listen(
      { model: "nova-3", punctuate: "true" },
      json({ url: `${ORIGIN}/__sandbox/elevenlabs/previews/sbxAdaezeWarm01.mp3` }, auth),
    );
    expect(response.status).toBe(200);
    expect(
      deepgram.prerecordedAnswer.parse(await response.json()).results.channels[0]?.alternatives[0]?.transcript,
    ).not.toBe("");
  });

  it("refuses a flag that is not true/false, a bad summarize version and an empty body: 400 {err_code, err_msg, request_id}", async () => {
    const cases: [Record<string, string>, BodyInit][] = [
      [{ topics: "yes" }, wav(2)],
      [{ summarize: "v9" }, wav(2)],
      [{ model: "nova-3" }, new Uint8Array(0)],
    ];
    for (const [query, body] of cases) {
      const response = await listen(query, { method: "POST", headers: auth, body });
      expect(response.status).toBe(400);
      deepgram.errorBody.parse(await response.json());
    }
    const unauthorised = await listen({}, { method: "POST", headers: { authorization: "Token nope" }, body: wav(1) });
    expect(unauthorised.status).toBe(401);
    expect(deepgram.errorBody.parse(await unauthorised.json()).err_code).toBe("INVALID_AUTH");
  });
});

describe("Deepgram streaming /v1/listen", () => {
  const open = (query: URLSearchParams) =>
    call(`${SANDBOX}/deepgram/v1/listen?${query}`, {
      headers: { upgrade: "websocket", authorization: "Token sandbox-deepgram-key" },
    });

  it("refuses an unknown model or a bad flag before the upgrade", async () => {
    for (const query of [
      "model=nova-9",
      "model=nova-3&interim_results=yes",
      "model=nova-2&keyterm=Vox",
      "model=nova-3&keyterm=Vox,Lagos",
      "model=nova-3&keyterm=Vox;Lagos",
      "model=nova-3&keyterm=Vox:0.15",
    ]) {
      const response = await open(new URLSearchParams(query));
      expect(response.status).toBe(400);
      expect(response.webSocket).toBeNull();
      deepgram.errorBody.parse(await response.json());
    }
  });

  it("Results and Metadata carry every required field for the relay's query", async () => {
    const query = liveQuery({
      model: "nova-3",
      language: "en",
      encoding: "webm-opus",
      keyterms: ["Vox", "Ọba of Benin", "Studio;54:2"],
    });
    // The account's vocabulary, one repeated keyterm per term, made plain where it would read as a weight.
    expect(query.getAll("keyterm")).toEqual(["Vox", "Ọba of Benin", "Studio 54 2"]);
    const response = await open(query);
    expect(response.status).toBe(101);
    const socket = response.webSocket as WebSocket;
    const messages: unknown[] = [];
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
    socket.addEventListener("message", (event) => messages.push(JSON.parse(event.data as string)));
    socket.accept();
    const frames = Array.from({ length: 14 }, (_, i) => new Uint8Array(4000).fill(i));
    for (const frame of frames) socket.send(frame.buffer);
    socket.send(JSON.stringify({ type: "CloseStream" }));
    expect(await closed).toBe(1000);
    const results = messages.filter((message) => (message as { type: string }).type === "Results");
    expect(results.length).toBe(15);
    for (const message of results) deepgram.liveResults.parse(message);
    expect(results.filter((message) => deepgram.liveResults.parse(message).is_final).length).toBe(2);
    const metadata = deepgram.liveMetadata.parse(messages.at(-1));
    expect(metadata.duration).toBe(3.5);
    // The hash of the audio as it was sent, as Deepgram's metadata gives it.
    const sent = new Uint8Array(frames.reduce((total, frame) => total + frame.length, 0));
    for (const [i, frame] of frames.entries()) sent.set(frame, i * frame.length);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", sent));
    expect(metadata.sha256).toBe([...digest].map((byte) => byte.toString(16).padStart(2, "0")).join(""));
  });
});

describe("AssemblyAI Universal-Streaming /v3/ws", () => {
  it("the relay's query is one the description allows: whisper-rt on 16 kHz PCM, formatted turns, speakers and the vocabulary", () => {
    const query = assemblyAiLiveQuery({
      model: "whisper-rt",
      language: "yo",
      encoding: "pcm_s16le",
      keyterms: ["Vox", "Ọba Akínwùmí"],
    });
    expect(assemblyaiStreaming.streamingQuery.parse(Object.fromEntries(query))).toMatchObject({
      speech_model: "whisper-rt",
      sample_rate: 16_000,
      encoding: "pcm_s16le",
      format_turns: "true",
      speaker_labels: "true",
      keyterms_prompt: ["Vox", "Ọba Akínwùmí"],
    });
    // whisper-rt detects the language; the description refuses one sent with it.
    expect(query.has("language")).toBe(false);
  });
});

describe("ElevenLabs voices, text-to-speech and speech-to-speech", () => {
  const auth = { "xi-api-key": "sandbox-elevenlabs-key" };
  const voice = "sbxAdaezeWarm01";

  it("voices carry every field the description requires", async () => {
    const response = await call(`${SANDBOX}/elevenlabs/v1/voices`, { headers: auth });
    expect(elevenlabs.voicesAnswer.parse(await response.json()).voices.length).toBe(5);
  });

  it("the adapter's body and query pass the description; both paths of both calls answer MP3", async () => {
    const body = speechRequestBody({
      voiceId: voice,
      text: "Good morning, Lagos.",
      modelId: TTS_MODEL_ID,
      outputFormat: TTS_OUTPUT_FORMAT,
      voiceSettings: TTS_VOICE_SETTINGS,
    });
    elevenlabs.textToSpeechRequest.parse(body);
    elevenlabs.audioQuery.parse({ output_format: TTS_OUTPUT_FORMAT });
    for (const path of [`/v1/text-to-speech/${voice}`, `/v1/text-to-speech/${voice}/stream`]) {
      const response = await call(`${SANDBOX}/elevenlabs${path}?output_format=${TTS_OUTPUT_FORMAT}`, json(body, auth));
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    for (const path of [`/v1/speech-to-speech/${voice}`, `/v1/speech-to-speech/${voice}/stream`]) {
      const form = new FormData();
      form.set("audio", new Blob([wav(2)], { type: "audio/wav" }), "take.wav");
      form.set("model_id", STS_MODEL_ID);
      const response = await call(`${SANDBOX}/elevenlabs${path}`, { method: "POST", headers: auth, body: form });
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it("refuses a body or query that breaks the description with FastAPI's 422 {detail: [{loc, msg, type}]}", async () => {
    const cases: [string, RequestInit, (string | number)[]][] = [
      [`/v1/text-to-speech/${voice}`, json({ model_id: TTS_MODEL_ID }, auth), ["body", "text"]],
      [`/v1/text-to-speech/${voice}/stream?output_format=mp3`, json({ text: "Hi" }, auth), ["query", "output_format"]],
      [
        `/v1/text-to-speech/${voice}`,
        json({ text: "Hi", voice_settings: { stability: 2 } }, auth),
        ["body", "voice_settings", "stability"],
      ],
      [`/v1/speech-to-speech/${voice}`, { method: "POST", headers: auth, body: new FormData() }, ["body", "audio"]],
    ];
    for (const [path, init, loc] of cases) {
      const response = await call(`${SANDBOX}/elevenlabs${path}`, init);
      expect(response.status).toBe(422);
      expect(elevenlabs.validationError.parse(await response.json()).detail[0]?.loc).toEqual(loc);
    }
  });

  it("refuses a wrong key with 401 {detail: {status, message}}", async () => {
    const response = await call(`${SANDBOX}/elevenlabs/v1/voices`, { headers: { "xi-api-key": "nope" } });
    expect(response.status).toBe(401);
    expect(elevenlabs.statusError.parse(await response.json()).detail.status).toBe("invalid_api_key");
  });
});

describe("Spitch speech, transcription, translation and tone marks", () => {
  const auth = { authorization: "Bearer sandbox-spitch-key" };
  const post = (path: string, body: unknown) => call(`${SANDBOX}/spitch${path}`, json(body, auth));
  const transcribe = (form: FormData) =>
    call(`${SANDBOX}/spitch/v1/transcriptions`, { method: "POST", headers: auth, body: form });

  it("the adapter's speech body passes the contract and is answered with MP3", async () => {
    const body = spitchSpeechBody({ voice: "sade", text: "Ẹ káàárọ̀, Èkó.", language: "yo" });
    expect(spitch.speechRequest.parse(body).format).toBe("mp3");
    const response = await post("/v1/speech", body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("transcribes in the language asked for, with every field the SDK declares and sentence timestamps", async () => {
    const form = transcriptionForm({
      audio: new Blob([wav(16)], { type: "audio/wav" }),
      language: "ha",
      specialWords: ["Vox", "Abuja"],
    });
    const fields = Object.fromEntries([...form.entries()].filter(([name]) => name !== "content"));
    expect(spitch.transcriptionFields.parse(fields)).toEqual({
      language: "ha",
      timestamp: "sentence",
      special_words: "Vox,Abuja",
    });
    const response = await transcribe(form);
    expect(response.status).toBe(200);
    const answer = spitch.transcriptionAnswer.required().parse(await response.json());
    // A recording longer than a live turn is a whole talk, which starts at the greeting.
    expect(answer.text).toMatch(/^Barka da safiya/);
    expect(answer.segments?.length).toBe(4);
    expect(answer.segments?.at(-1)?.end).toBeCloseTo(16, 1);
  });

  it("translates corpus sentences and restores Yorùbá tone marks, answering request_id and text", async () => {
    const translated = await post("/v1/translate", {
      text: "Mun gode, Allah ya albarkaci ƙasarmu.",
      source: "ha",
      target: "en",
    });
    expect(spitch.textAnswer.parse(await translated.json()).text).toBe("Thank you, and may God bless our country.");
    const marked = await post("/v1/diacritics", { language: "yo", text: "E se o, ki Olorun bukun orile-ede wa." });
    expect(spitch.textAnswer.parse(await marked.json()).text).toBe("Ẹ ṣé o, kí Ọlọ́run bùkún orílẹ̀-èdè wa.");
  });

  it("refuses what the SDK's types refuse with 422 and a language a service lacks with 400, as {error: {message, type, code}}", async () => {
    const noContent = new FormData();
    noContent.set("language", "yo");
    const badTimestamp = new FormData();
    badTimestamp.set("content", new Blob([wav(2)]), "take.wav");
    badTimestamp.set("timestamp", "minute");
    const pidgin = new FormData();
    pidgin.set("content", new Blob([wav(2)]), "take.wav");
    pidgin.set("language", "pcm");
    const cases: [Promise<Response>, number, string][] = [
      [post("/v1/speech", { text: "Hi", voice: "tunde" }), 422, "invalid_request"],
      [post("/v1/speech", { voice: "sade" }), 422, "invalid_request"],
      [post("/v1/speech", { text: "Hi", voice: "sade", format: "aac" }), 422, "invalid_request"],
      [post("/v1/speech", { text: "Hi", voice: "sade", language: "fr", format: "mp3" }), 400, "invalid_language"],
      [post("/v1/translate", { text: "Hi" }), 422, "invalid_request"],
      [post("/v1/translate", { text: "Hi", target: "xx" }), 400, "invalid_language"],
      [post("/v1/diacritics", { language: "ha", text: "Sannu" }), 400, "invalid_language"],
      [transcribe(noContent), 422, "invalid_request"],
      [transcribe(badTimestamp), 422, "invalid_request"],
      [transcribe(pidgin), 400, "invalid_language"],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(spitch.errorBody.parse(await response.json()).error.code).toBe(code);
    }
  });

  it("refuses a wrong key with 401", async () => {
    const response = await call(`${SANDBOX}/spitch/v1/diacritics`, json({ language: "yo", text: "Bawo" }, {}));
    expect(response.status).toBe(401);
    expect(spitch.errorBody.parse(await response.json()).error.code).toBe("invalid_api_key");
  });
});

describe("Paystack transactions", () => {
  const auth = { authorization: "Bearer sandbox-paystack-key" };
  const initialize = (body: unknown) => call(`${SANDBOX}/paystack/transaction/initialize`, json(body, auth));
  const verify = (reference: string) => call(`${SANDBOX}/paystack/transaction/verify/${reference}`, { headers: auth });
  const input = {
    email: "ada@example.ng",
    amountKobo: 1_000_000,
    currency: "NGN" as const,
    reference: `vox-${crypto.randomUUID().replaceAll("-", "")}`,
    callbackUrl: "http://vox.test/pricing",
  };

  it("the adapter's request passes the description; verify answers every required field", async () => {
    const body = initializeRequestBody(input);
    paystack.initializeRequest.parse(body);
    const response = await initialize(body);
    expect(response.status).toBe(200);
    paystack.initializeAnswer.parse(await response.json());
    const verified = await verify(input.reference);
    expect(verified.status).toBe(200);
    const answer = paystack.verifyAnswer.parse(await verified.json());
    expect(answer.data).toMatchObject({ reference: input.reference, amount: 1_000_000, status: "abandoned" });
  });

  it("refuses what Paystack refuses: a reference with other characters, no e-mail, no amount, a fractional amount", async () => {
    const cases = [
      { ...initializeRequestBody(input), reference: "vox_underscore" },
      { amount: 5000, reference: "vox-no-email", callback_url: input.callbackUrl },
      { email: input.email, reference: "vox-no-amount", callback_url: input.callbackUrl },
      { ...initializeRequestBody({ ...input, reference: "vox-fraction" }), amount: 10.5 },
    ];
    for (const body of cases) {
      const response = await initialize(body);
      expect(response.status).toBe(400);
      expect(paystack.errorBody.parse(await response.json()).status).toBe(false);
    }
  });

  it("answers 404 {status: false, message} for an unknown reference", async () => {
    const response = await verify("vox-unknown");
    expect(response.status).toBe(404);
    expect(paystack.errorBody.parse(await response.json()).message).toBe("Transaction reference not found");
  });
});

describe("reading a provider's answer", () => {
  const contract = { documented: assemblyai.transcriptAnswer, needed: assemblyai.transcriptNeeded };

  it("logs drift in a field the product does not read and carries on", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answer = readAnswer("assemblyai", "poll", 200, { id: "t1", status: "completed", text: "Hello" }, contract);
    expect(answer).toEqual({ id: "t1", status: "completed", text: "Hello" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/provider_contract_drift.*speech_model/);
    warn.mockRestore();
  });

  it("turns drift in a field it reads into a typed error that is not retried", () => {
    const quiet = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")].map((spy) =>
      spy.mockImplementation(() => {}),
    );
    const read = () => readAnswer("assemblyai", "poll", 200, { id: "t1", status: "done" }, contract);
    expect(read).toThrow(ProviderContractError);
    expect(read).toThrow(/status/);
    try {
      read();
    } catch (error) {
      expect((error as ProviderContractError).retryable).toBe(false);
    }
    for (const spy of quiet) spy.mockRestore();
  });
});
