import { describe, expect, it } from "vitest";
import { type PressRelease, pressReleaseSchema } from "../../worker/contracts/press-releases.ts";
import { type SentimentJob, sentimentJobSchema, sentimentReportSchema } from "../../worker/contracts/sentiment.ts";
import type { Utterance } from "../../worker/contracts/transcript.ts";
import { speechWav, twoSpeakerWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload, uploadFile } from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";

const authed = (token: string) => ({ authorization: `Bearer ${token}` });
const wav = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes], { type: "audio/wav" });

/** Every utterance starts after the one before and ends after it starts. */
function expectIncreasingTimes(utterances: readonly Utterance[]) {
  for (const [i, utterance] of utterances.entries()) {
    expect(utterance.end).toBeGreaterThan(utterance.start);
    if (i > 0) expect(utterance.start).toBeGreaterThanOrEqual(utterances[i - 1]?.end ?? 0);
  }
}

async function reportJob(token: string, recording: Uint8Array<ArrayBuffer>): Promise<string> {
  const upload = await tusUpload(token, recording);
  const response = await call("/api/sentiment", {
    method: "POST",
    headers: { ...authed(token), "content-type": "application/json" },
    body: JSON.stringify({ upload_id: upload }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe("transcripts with speakers and times", { timeout: 60_000 }, () => {
  it("a briefing with a journalist's questions is reported as two speakers, one voice otherwise", async () => {
    const { token } = await registerAndSignIn();
    const analyse = async (recording: Uint8Array<ArrayBuffer>) => {
      const response = await uploadFile("/api/sentiment", token, "file", wav(recording), "briefing.wav");
      expect(response.status).toBe(200);
      return sentimentReportSchema.parse(await response.json()).utterances ?? [];
    };
    const briefing = await analyse(twoSpeakerWav(24));
    expect(briefing.map((utterance) => utterance.speaker)).toEqual(["0", "1", "0", "0", "1", "0"]);
    expect(briefing[1]?.text).toMatch(/\?$/);
    expectIncreasingTimes(briefing);
    expect(briefing.at(-1)?.end).toBeLessThanOrEqual(24);
    const words = briefing[0]?.words ?? [];
    expect(words.map((word) => word.text).join(" ")).toBe(briefing[0]?.text);
    expect(new Set((await analyse(speechWav(24))).map((utterance) => utterance.speaker))).toEqual(new Set(["0"]));
  });

  it("a press release keeps its source transcript with AssemblyAI's speakers A and B", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const response = await uploadFile("/api/press-releases", token, "file", wav(twoSpeakerWav(18)), "briefing.wav");
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const release = pressReleaseSchema.parse(await settled<PressRelease>(`/api/press-releases/${id}`, token));
    expect(release.status).toBe("completed");
    const utterances = release.utterances ?? [];
    expect(utterances.map((utterance) => utterance.speaker)).toEqual(["A", "B", "A", "B"]);
    expectIncreasingTimes(utterances);
    expect(utterances.at(-1)?.end).toBeCloseTo(18, 0);
    expect(utterances[1]?.words?.[0]?.start).toBe(utterances[1]?.start);
  });

  it("serves a report's kept recording to its owner only, with Range", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const recording = twoSpeakerWav(6);
    const id = await reportJob(token, recording);
    const job = sentimentJobSchema.parse(await settled<SentimentJob>(`/api/sentiment/${id}`, token));
    expect(job.recording_kept).toBe(true);
    const path = `/api/sentiment/${id}/audio`;

    const whole = await call(path, { headers: authed(token) });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(recording);

    const span = await call(path, { headers: { ...authed(token), range: "bytes=100-199" } });
    expect(span.status).toBe(206);
    expect(span.headers.get("content-range")).toBe(`bytes 100-199/${recording.length}`);
    expect(new Uint8Array(await span.arrayBuffer())).toEqual(recording.slice(100, 200));

    const outside = await call(path, { headers: { ...authed(token), range: `bytes=${recording.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${recording.length}`);

    const stranger = await registerAndSignIn();
    const theirs = await call(path, { headers: authed(stranger.token) });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "not_found" });
    expect((await call(path)).status).toBe(401);
  });

  it("answers 404 recording_not_kept for a report whose file was analysed on the spot", async () => {
    const { token } = await registerAndSignIn();
    const response = await uploadFile("/api/sentiment", token, "file", wav(speechWav(4)), "briefing.wav");
    const id = response.headers.get("location")?.split("/").pop();
    const audio = await call(`/api/sentiment/${id}/audio`, { headers: authed(token) });
    expect(audio.status).toBe(404);
    expect(await audio.json()).toMatchObject({ code: "recording_not_kept" });
  });
});
