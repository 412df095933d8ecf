import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type SentimentReport, sentimentReportSchema } from "../../worker/reports/contracts/sentiment.ts";
import { completeWithReport, keepReport } from "../../worker/reports/sentiment-reports.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import {
  call,
  declaredOversizedUpload,
  failNext,
  registerAndSignIn,
  uploadFile,
  uploadWithDeclaredType,
} from "./helpers.ts";

const analyse = (token: string | undefined, file: Blob | null, filename = "briefing.wav") =>
  uploadFile("/api/sentiment", token, "file", file, filename);

const wav = (seconds: number) => new Blob([speechWav(seconds)], { type: "audio/wav" });

describe("POST /api/sentiment", () => {
  it("answers Deepgram's report: transcript, sentiment segments and average, topics, intents, summary", async () => {
    const { token } = await registerAndSignIn();
    const response = await analyse(token, wav(20));
    expect(response.status).toBe(200);
    const report: SentimentReport = sentimentReportSchema.parse(await response.json());
    const transcript = report.results.channels?.[0]?.alternatives[0]?.transcript ?? "";
    expect(transcript.split(" ").length).toBeGreaterThan(20);
    expect(report.metadata?.duration).toBeCloseTo(20, 1);
    const segments = report.results.sentiments?.segments ?? [];
    expect(segments.length).toBe(5);
    expect(segments[0]?.start_word).toBe(0);
    const words = report.results.channels?.[0]?.alternatives[0]?.words ?? [];
    expect(segments.at(-1)?.end_word).toBe(words.length - 1);
    const mean = segments.reduce((sum, segment) => sum + segment.sentiment_score, 0) / segments.length;
    expect(report.results.sentiments?.average?.sentiment_score).toBeCloseTo(mean, 3);
    expect(report.results.summary?.short).toMatch(/\w+/);
    expect(report.results.topics?.segments?.[0]?.topics[0]?.topic).toMatch(/\w+/);
    expect(report.results.intents?.segments?.[0]?.intents[0]?.intent).toMatch(/\w+/);
  });

  it("gives the same report for the same file and a longer transcript for a longer one", async () => {
    const { token } = await registerAndSignIn();
    const transcriptOf = async (file: Blob) =>
      sentimentReportSchema.parse(await (await analyse(token, file)).json()).results.channels?.[0]?.alternatives[0]
        ?.transcript ?? "";
    const short = await transcriptOf(wav(8));
    expect(await transcriptOf(wav(8))).toBe(short);
    expect((await transcriptOf(wav(40))).length).toBeGreaterThan(short.length * 3);
  });

  it("accepts video files too", async () => {
    const { token } = await registerAndSignIn();
    const mp4 = new Uint8Array(4096);
    mp4.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom")]);
    expect((await analyse(token, new Blob([mp4], { type: "video/mp4" }), "clip.mp4")).status).toBe(200);
  });

  it("refuses a file whose declared type is not a plain type/subtype (400 naming the field)", async () => {
    const { token } = await registerAndSignIn();
    for (const type of ["audio/mpeg\u0001", "audio/mpeg\tx", "audio/mpeg x"]) {
      const response = await uploadWithDeclaredType("/api/sentiment", token, "file", type);
      expect(response.status, JSON.stringify(type)).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "validation_failed",
        errors: { file: [expect.any(String)] },
      });
    }
  });

  it("refuses no session (401), an ended plan (402), no file (400), a document (415) and a huge upload (413)", async () => {
    expect((await analyse(undefined, wav(1))).status).toBe(401);
    const { token, user } = await registerAndSignIn();
    const none = await analyse(token, null);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: "No file selected", errors: { file: ["No file selected"] } });
    const pdf = await analyse(token, new Blob(["%PDF-1.4"], { type: "application/pdf" }), "notes.pdf");
    expect(pdf.status).toBe(415);
    expect(await pdf.json()).toMatchObject({ code: "unsupported_media_type" });
    const huge = await declaredOversizedUpload("/api/sentiment", token, 60 * 1024 * 1024);
    expect(huge.status).toBe(413);
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", user.id)
      .run();
    expect((await analyse(token, wav(1))).status).toBe(402);
  });

  it("answers 422 when the provider cannot decode the file and 502 when it is down", async () => {
    const { token } = await registerAndSignIn();
    const notAudio = await analyse(token, new Blob(["definitely not audio at all"], { type: "audio/mpeg" }), "x.mp3");
    expect(notAudio.status).toBe(422);
    expect(await notAudio.json()).toMatchObject({ code: "unprocessable_media" });
    await failNext("deepgram-listen", 503);
    const outage = await analyse(token, wav(2));
    expect(outage.status).toBe(502);
    expect(await outage.json()).toMatchObject({ code: "analysis_provider_unavailable" });
    expect((await analyse(token, wav(2))).status).toBe(200);
  });

  it("the sandbox checks the key like Deepgram", async () => {
    const response = await call("/__sandbox/deepgram/v1/listen?sentiment=true", {
      method: "POST",
      headers: { authorization: "Token wrong", "content-type": "audio/wav" },
      body: speechWav(1),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ err_code: "INVALID_AUTH" });
  });
});

describe("a report finishing after its job or its account is gone", () => {
  // What the report says does not matter here, only where it is kept.
  const report = { results: {} } as unknown as SentimentReport;
  const reportsAdded = async (before: Set<string>) =>
    (await env.AUDIO.list({ prefix: "sentiment-reports/" })).objects.filter((object) => !before.has(object.key));
  const reportsNow = async () =>
    new Set((await env.AUDIO.list({ prefix: "sentiment-reports/" })).objects.map((object) => object.key));

  it("made on the spot for an account erased meanwhile: nothing is kept, in D1 or R2", async () => {
    const { api, input, user } = await registerAndSignIn();
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    const before = await reportsNow();
    const recordingsBefore = (await env.AUDIO.list({ prefix: "sentiment-recordings/" })).objects.length;
    const file = new File([new Uint8Array(10)], "b.wav", { type: "audio/wav" });
    const analysed = {
      userId: user.id,
      createdBy: user.id,
      plan: null,
      file,
      fileName: "b.wav",
      language: "en" as const,
    };
    expect(await keepReport(env, analysed, report)).toBeNull();
    expect(await reportsAdded(before)).toEqual([]);
    expect((await env.AUDIO.list({ prefix: "sentiment-recordings/" })).objects).toHaveLength(recordingsBefore);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM jobs WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
  });

  it("of a job deleted meanwhile: the stored report is removed again", async () => {
    const before = await reportsNow();
    await completeWithReport(env, crypto.randomUUID(), report);
    expect(await reportsAdded(before)).toEqual([]);
  });
});
