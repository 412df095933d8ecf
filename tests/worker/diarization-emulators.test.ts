import { describe, expect, it } from "vitest";
import { transcriptRequestBody } from "../../worker/providers/assemblyai.ts";
import * as assemblyai from "../../worker/providers/contracts/assemblyai.ts";
import * as deepgram from "../../worker/providers/contracts/deepgram.ts";
import { analysisQuery } from "../../worker/providers/deepgram.ts";
import { speechWav, twoSpeakerWav } from "../fixtures/speech-wav.ts";
import { call } from "./helpers.ts";

/**
 * Speaker labels as the providers document them: asked for, each word and utterance carries its
 * speaker; not asked for, none does; a value the provider refuses is refused with its error body.
 */

const SANDBOX = "/__sandbox";

describe("Deepgram prerecorded diarization", () => {
  const listen = (query: string, body: Uint8Array<ArrayBuffer>) =>
    call(`${SANDBOX}/deepgram/v1/listen?${query}`, {
      method: "POST",
      headers: { authorization: "Token sandbox-deepgram-key", "content-type": "audio/wav" },
      body,
    });
  const answer = async (response: Response) => {
    expect(response.status).toBe(200);
    return deepgram.prerecordedAnswer.parse(await response.json()).results;
  };

  it("the adapter asks for utterances with speakers, in a query the description takes", () => {
    const query = deepgram.listenQuery.parse(analysisQuery("nova-3"));
    expect(query).toMatchObject({ utterances: "true", diarize_model: "latest" });
  });

  it("numbers the speakers from 0 on words and utterances when diarize or diarize_model asks", async () => {
    for (const flag of ["diarize=true", "diarize_model=latest", "diarize_model=v1"]) {
      const results = await answer(await listen(`model=nova-3&utterances=true&${flag}`, twoSpeakerWav(12)));
      const utterances = results.utterances ?? [];
      expect(
        utterances.map((utterance) => utterance.speaker),
        flag,
      ).toEqual([0, 1, 0]);
      for (const utterance of utterances) {
        for (const word of utterance.words) expect(word.speaker).toBe(utterance.speaker);
      }
      const words = results.channels[0]?.alternatives[0]?.words ?? [];
      expect(words.every((word) => word.speaker !== undefined && word.speaker_confidence !== undefined)).toBe(true);
    }
  });

  it("labels nobody without diarization, and one speaker in a recording of one voice", async () => {
    const plain = await answer(await listen("model=nova-3&utterances=true", twoSpeakerWav(12)));
    expect(plain.utterances?.length).toBe(3);
    expect(plain.utterances?.some((utterance) => "speaker" in utterance)).toBe(false);
    expect(plain.channels[0]?.alternatives[0]?.words.some((word) => "speaker" in word)).toBe(false);
    const diarized = await answer(await listen("model=nova-3&utterances=true&diarize=true", speechWav(12)));
    expect(new Set(diarized.utterances?.map((utterance) => utterance.speaker))).toEqual(new Set([0]));
    const noUtterances = await answer(await listen("model=nova-3&diarize=true", twoSpeakerWav(12)));
    expect(noUtterances.utterances).toBeUndefined();
  });

  it("refuses a diarize that is not a boolean and a diarize_model it does not have: 400 with its error body", async () => {
    for (const flag of ["diarize=yes", "diarize_model=v3", "diarize_model="]) {
      const response = await listen(`model=nova-3&${flag}`, speechWav(2));
      expect(response.status, flag).toBe(400);
      expect(deepgram.errorBody.parse(await response.json()).err_msg).toMatch(/diarize/);
    }
  });

  it("refuses diarize_model v2 on a stream, which batch takes", async () => {
    const response = await call(`${SANDBOX}/deepgram/v1/listen?model=nova-3&diarize_model=v2`, {
      headers: { upgrade: "websocket", authorization: "Token sandbox-deepgram-key" },
    });
    expect(response.status).toBe(400);
    expect(response.webSocket).toBeNull();
    expect(deepgram.errorBody.parse(await response.json()).err_msg).toMatch(/diarize_model/);
  });
});

describe("AssemblyAI speaker labels", () => {
  const auth = { authorization: "sandbox-assemblyai-key" };
  const upload = async (recording: Uint8Array<ArrayBuffer>) => {
    const response = await call(`${SANDBOX}/assemblyai/v2/upload`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/octet-stream" },
      body: recording,
    });
    return assemblyai.uploadAnswer.parse(await response.json()).upload_url;
  };
  const create = (body: unknown) =>
    call(`${SANDBOX}/assemblyai/v2/transcript`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  /** Created, then polled until completed (the second poll), as the job does. */
  async function completed(body: Record<string, unknown>) {
    const created = await create(body);
    expect(created.status).toBe(200);
    const { id } = assemblyai.transcriptAnswer.parse(await created.json());
    const poll = async () =>
      assemblyai.transcriptAnswer.parse(
        await (await call(`${SANDBOX}/assemblyai/v2/transcript/${id}`, { headers: auth })).json(),
      );
    await poll();
    const transcript = await poll();
    expect(transcript.status).toBe("completed");
    return transcript;
  }

  it("the adapter asks for speaker labels in a request the description takes", () => {
    const body = transcriptRequestBody({ audioUrl: "https://cdn.example/upload/1", speechModels: ["universal-2"] });
    expect(assemblyai.createTranscriptRequest.parse(body).speaker_labels).toBe(true);
  });

  it("answers turns with speakers A and B and each word's speaker when asked", async () => {
    const audio_url = await upload(twoSpeakerWav(12));
    const transcript = await completed({ audio_url, speech_models: ["universal-2"], speaker_labels: true });
    expect(transcript.speaker_labels).toBe(true);
    const utterances = transcript.utterances ?? [];
    expect(utterances.map((utterance) => utterance.speaker)).toEqual(["A", "B", "A"]);
    for (const utterance of utterances) {
      expect(utterance.words.every((word) => word.speaker === utterance.speaker)).toBe(true);
      expect(utterance.text).toBe(utterance.words.map((word) => word.text).join(" "));
      expect(utterance.start).toBe(utterance.words[0]?.start);
    }
    expect(utterances.map((utterance) => utterance.text).join(" ")).toBe(transcript.text);
  });

  it("answers no utterances and a null speaker on every word without speaker_labels", async () => {
    const audio_url = await upload(twoSpeakerWav(12));
    const transcript = await completed({ audio_url, speech_models: ["universal-2"] });
    expect(transcript.utterances).toBeNull();
    expect(transcript.words?.length).toBeGreaterThan(10);
    expect(transcript.words?.every((word) => word.speaker === null)).toBe(true);
  });

  it("refuses a speaker_labels that is not a boolean, speakers_expected that is not an integer, and unknown speaker_options", async () => {
    const audio_url = await upload(speechWav(2));
    for (const [field, extra] of [
      ["speaker_labels", { speaker_labels: "yes" }],
      ["speakers_expected", { speaker_labels: true, speakers_expected: 1.5 }],
      ["speaker_options", { speaker_labels: true, speaker_options: { max_speakers: 3 } }],
    ] as const) {
      const response = await create({ audio_url, speech_models: ["universal-2"], ...extra });
      expect(response.status, field).toBe(400);
      expect(assemblyai.errorBody.parse(await response.json()).error).toContain(field);
    }
    const ranged = await create({
      audio_url,
      speech_models: ["universal-2"],
      speaker_labels: true,
      speaker_options: { min_speakers_expected: 1, max_speakers_expected: 3 },
    });
    expect(ranged.status).toBe(200);
  });
});
