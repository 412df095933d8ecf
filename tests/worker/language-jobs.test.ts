import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  blobSource,
  mpegFrame,
  type RecordingPart,
  recordingPart,
  UncuttableRecording,
} from "../../worker/jobs/recording-parts.ts";
import {
  pressReleaseListSchema,
  pressReleaseSchema,
  releaseVersionsSchema,
} from "../../worker/press-releases/contracts/press-releases.ts";
import { readAnswer } from "../../worker/providers/contracts/deepgram.ts";
import { TRANSCRIPTION_MAX_BYTES } from "../../worker/providers/contracts/spitch.ts";
import { TEXT_ANALYSIS_QUERY } from "../../worker/providers/deepgram.ts";
import {
  type SentimentJob,
  sentimentJobListSchema,
  sentimentJobSchema,
  sentimentReportSchema,
} from "../../worker/reports/contracts/sentiment.ts";
import { briefingSentence } from "../../worker/sandbox/spitch-corpus.ts";
import { synthesiseMp3Stream, wordsOf } from "../../worker/sandbox/synth-mp3.ts";
import { TRANSCRIPTION_PART_MAX_BYTES } from "../../worker/transcripts/contracts/transcription-parts.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";

const wav = (seconds: number) => new Blob([speechWav(seconds)], { type: "audio/wav" });
const authed = (token: string) => ({ authorization: `Bearer ${token}` });

const postJson = (path: string, token: string, body: unknown) =>
  call(path, {
    method: "POST",
    headers: { ...authed(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** A multipart job start with extra form fields, as the site sends it. */
function postForm(path: string, token: string, file: Blob, fields: Record<string, string>, name = "briefing.wav") {
  const form = new FormData();
  form.set("file", file, name);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  return call(path, { method: "POST", headers: authed(token), body: form });
}

async function started(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

const saveVocabulary = async (token: string, terms: string[]) =>
  expect(
    (
      await call("/api/vocabulary", {
        method: "PUT",
        headers: { ...authed(token), "content-type": "application/json" },
        body: JSON.stringify({ terms }),
      })
    ).status,
  ).toBe(200);

/** Jobs of the account that owns (or owned) `upload`. */
const jobsOf = async (upload: string) =>
  (await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM jobs WHERE user_id = (SELECT user_id FROM uploads WHERE id = ?1) OR r2_key = 'uploads/' || ?1",
  )
    .bind(upload)
    .first<number>("n")) ?? -1;

const IGBO_SENTENCES = Array.from({ length: 7 }, (_, i) => briefingSentence("ig", i));

describe("jobs in Yorùbá, Hausa and Igbo", { timeout: 120_000 }, () => {
  it("a Hausa recording becomes a report: the Hausa transcript with sentence times, its English translation, and the analysis of that", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const upload = await tusUpload(token, speechWav(30));
    const id = await started(await postJson("/api/sentiment", token, { upload_id: upload, language: "ha" }));
    const job = sentimentJobSchema.parse(await settled<SentimentJob>(`/api/sentiment/${id}`, token));
    expect(job).toMatchObject({ status: "completed", language: "ha" });
    const report = job.report;
    expect(report?.language).toBe("ha");
    const transcript = report?.results.channels?.[0]?.alternatives[0]?.transcript ?? "";
    expect(transcript).toMatch(/^Barka da safiya, muna godiya/);
    const sentences = report?.sentences ?? [];
    expect(sentences.length).toBeGreaterThan(3);
    expect(sentences[0]).toMatchObject({ start: 0, text: briefingSentence("ha", 0) });
    for (const [i, sentence] of sentences.entries()) {
      expect(sentence.end).toBeGreaterThan(sentence.start);
      if (i > 0) expect(sentence.start).toBeCloseTo(sentences[i - 1]?.end ?? 0, 2);
    }
    expect(sentences.at(-1)?.end).toBeCloseTo(30, 0);
    expect(report?.translation?.language).toBe("en");
    expect(report?.translation?.text).toMatch(/^Good morning, and thank you all for joining us today\. We are pleased/);
    // The analyses read the English text, sentence by sentence.
    const segments = report?.results.sentiments?.segments ?? [];
    expect(segments[0]?.text).toBe("Good morning, and thank you all for joining us today.");
    expect(segments.find((segment) => /serious problem/.test(segment.text))?.sentiment).toBe("negative");
    expect(report?.results.sentiments?.average?.sentiment).toBeDefined();
    expect(report?.results.topics?.segments?.length).toBeGreaterThan(0);
    expect(report?.results.intents?.segments?.length).toBeGreaterThan(0);
    expect(report?.results.summary?.short).toMatch(/^Good morning/);

    const list = sentimentJobListSchema.parse(await (await call("/api/sentiment", { headers: authed(token) })).json());
    expect(list.items[0]).toMatchObject({ id, language: "ha" });
    const row = await env.DB.prepare("SELECT language FROM jobs WHERE id = ?").bind(id).first<string>("language");
    expect(row).toBe("ha");
  });

  it("a small Hausa file analysed on the spot gives the same kind of report, kept with its language", async () => {
    const { token } = await registerAndSignIn();
    // Longer than a live turn, so the sandbox hears a whole talk, from its greeting.
    const response = await postForm("/api/sentiment", token, wav(16), { language: "ha" });
    expect(response.status).toBe(200);
    const report = sentimentReportSchema.parse(await response.json());
    expect(report.language).toBe("ha");
    expect(report.results.channels?.[0]?.alternatives[0]?.transcript).toMatch(/^Barka da safiya/);
    expect(report.translation?.text).toMatch(/^Good morning/);
    expect(report.results.sentiments?.segments?.length).toBeGreaterThan(0);
    const kept = sentimentJobSchema.parse(
      await (await call(response.headers.get("location") ?? "", { headers: authed(token) })).json(),
    );
    expect(kept).toMatchObject({ language: "ha", report: { language: "ha" } });
  });

  it("an Igbo recording becomes an English press release, and also an Igbo one when asked", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const plain = await started(await postForm("/api/press-releases", token, wav(30), { language: "ig" }));
    const both = await started(
      await postForm("/api/press-releases", token, wav(30), { language: "ig", also_in_language: "true" }),
    );
    const english = pressReleaseSchema.parse(await settled(`/api/press-releases/${plain}`, token));
    expect(english).toMatchObject({ status: "completed", language: "ig" });
    expect(english.text).toMatch(/^# /);
    // Written from the English translation of the Igbo transcript.
    expect(english.text).toContain("Our partners will train young presenters in every state.");
    expect(IGBO_SENTENCES.some((sentence) => english.text?.includes(sentence))).toBe(false);
    expect(english.translation).toBeUndefined();

    const translated = pressReleaseSchema.parse(await settled(`/api/press-releases/${both}`, token));
    expect(translated).toMatchObject({ status: "completed", language: "ig", text: english.text });
    expect(translated.translation?.language).toBe("ig");
    expect(translated.translation?.text).toContain(
      "Ndị mmekọ anyị ga-azụ ndị ntorobịa na-eweta mmemme na steeti ọ bụla.",
    );
    const list = pressReleaseListSchema.parse(
      await (await call("/api/press-releases", { headers: authed(token) })).json(),
    );
    expect(list.items.map((item) => item.language)).toEqual(["ig", "ig"]);
  });

  it("an Igbo release written again with options gets an Igbo copy of the new text, kept with its version", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const id = await started(
      await postForm("/api/press-releases", token, wav(30), { language: "ig", also_in_language: "true" }),
    );
    const first = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token));
    expect(first.translation?.text).not.toContain("EMBARGOED");

    const again = await postJson(`/api/press-releases/${id}/regenerate`, token, {
      tone: "urgent",
      length: "short",
      audience: "local_radio",
      embargo_at: "2030-12-02T08:00:00Z",
    });
    expect(again.status).toBe(202);
    const { id: regeneration } = (await again.json()) as { id: string };
    expect(await settled(`/api/press-releases/${id}/regenerations/${regeneration}`, token)).toMatchObject({
      status: "completed",
    });
    const rewritten = pressReleaseSchema.parse(
      await (await call(`/api/press-releases/${id}`, { headers: authed(token) })).json(),
    );
    expect(rewritten.text).toMatch(/^\*\*EMBARGOED UNTIL 09:00 WAT, 2 December 2030\*\*/);
    // The sandbox translates the briefing's sentences and leaves the rest as it was: the new text's
    // embargo line is in the copy, and the Igbo of the briefing still is.
    expect(rewritten.translation?.language).toBe("ig");
    expect(rewritten.translation?.text).toContain("EMBARGOED UNTIL 09:00 WAT, 2 December 2030");
    expect(rewritten.translation?.text).toContain(
      "Ndị mmekọ anyị ga-azụ ndị ntorobịa na-eweta mmemme na steeti ọ bụla.",
    );
    const versions = releaseVersionsSchema.parse(
      await (await call(`/api/press-releases/${id}/versions`, { headers: authed(token) })).json(),
    );
    expect(versions.items.map((version) => version.text)).toEqual([rewritten.text, first.text]);
    // The Igbo copy it replaced stays as a version of the copy, to restore.
    const copies = releaseVersionsSchema.parse(
      await (await call(`/api/press-releases/${id}/translation/versions`, { headers: authed(token) })).json(),
    );
    expect(copies.items.map((version) => version.text)).toEqual([rewritten.translation?.text, first.translation?.text]);
  });

  it("a release in Yorùbá from a finished upload takes also_in_language as JSON", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const upload = await tusUpload(token, speechWav(12));
    const id = await started(
      await postJson("/api/press-releases", token, { upload_id: upload, language: "yo", also_in_language: true }),
    );
    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token));
    expect(release).toMatchObject({ status: "completed", language: "yo", translation: { language: "yo" } });
    expect(release.translation?.text).not.toBe(release.text);
  });

  it("Naijá is refused with the reason and an unknown language is a 400, before anything is stored or taken", async () => {
    const { token } = await registerAndSignIn();
    const upload = await tusUpload(token, speechWav(4));
    for (const path of ["/api/sentiment", "/api/press-releases"]) {
      const refused = await postJson(path, token, { upload_id: upload, language: "pcm" });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { code: string; message: string; errors: Record<string, string[]> };
      expect(body.code).toBe("language_not_served");
      expect(body.message).toMatch(/No provider we use recognises spoken Naijá \(Pidgin\)/);
      expect(body.errors.language).toEqual(["Not available in Naijá (Pidgin)"]);
      const unknown = await postJson(path, token, { upload_id: upload, language: "xx" });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { code: string }).code).toBe("validation_failed");
      const form = await postForm(path, token, wav(4), { language: "pcm" });
      expect(form.status).toBe(400);
      expect(((await form.json()) as { code: string }).code).toBe("language_not_served");
    }
    const notBoolean = await postJson("/api/press-releases", token, {
      upload_id: upload,
      language: "ig",
      also_in_language: "yes",
    });
    expect(notBoolean.status).toBe(400);
    expect(((await notBoolean.json()) as { errors: Record<string, string[]> }).errors.also_in_language).toBeDefined();
    // Nothing became a job, and the upload is still there to be used with a served language.
    expect(await jobsOf(upload)).toBe(0);
    await started(await postJson("/api/sentiment", token, { upload_id: upload, language: "yo" }));
    expect(await jobsOf(upload)).toBe(1);
  });

  it("English jobs keep their path: no language means English, and the answer says so", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const id = await started(await postForm("/api/press-releases", token, wav(8), {}));
    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token));
    expect(release).toMatchObject({ status: "completed", language: "en" });
    expect(
      await env.DB.prepare("SELECT provider_ref FROM jobs WHERE id = ?").bind(id).first("provider_ref"),
    ).toBeTruthy();
  });
});

describe("the account's vocabulary reaches every recogniser", { timeout: 120_000 }, () => {
  it("Spitch gets special_words, Deepgram keyterm and AssemblyAI keyterms_prompt, and each transcript spells them as saved", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const audio = speechWav(20);
    // What Deepgram hears in this file without hints: its first word is the term, in capitals.
    const unhinted = sentimentReportSchema.parse(
      await (
        await call("/__sandbox/deepgram/v1/listen?model=nova-3", {
          method: "POST",
          headers: { authorization: "Token sandbox-deepgram-key", "content-type": "audio/wav" },
          body: audio,
        })
      ).json(),
    );
    const firstWord = (unhinted.results.channels?.[0]?.alternatives[0]?.transcript ?? "").split(" ")[0] ?? "";
    const englishTerm = firstWord.replace(/[^\p{L}]/gu, "").toUpperCase();
    expect(englishTerm.length).toBeGreaterThan(1);
    // A phrase over AssemblyAI's six words is left out for it rather than refusing the whole request.
    await saveVocabulary(token, [englishTerm, "BARKA DA SAFIYA", "one two three four five six seven"]);

    const sentimentUpload = await tusUpload(token, audio);
    const english = await started(await postJson("/api/sentiment", token, { upload_id: sentimentUpload }));
    const englishReport = sentimentJobSchema.parse(await settled(`/api/sentiment/${english}`, token)).report;
    expect(englishReport?.results.channels?.[0]?.alternatives[0]?.transcript).toMatch(new RegExp(`^${englishTerm}\\b`));

    const hausa = await started(
      await postForm("/api/press-releases", token, new Blob([audio], { type: "audio/wav" }), { language: "ha" }),
    );
    const hausaSentiment = await started(
      await postJson("/api/sentiment", token, { upload_id: await tusUpload(token, audio), language: "ha" }),
    );
    const report = sentimentJobSchema.parse(await settled(`/api/sentiment/${hausaSentiment}`, token)).report;
    expect(report?.results.channels?.[0]?.alternatives[0]?.transcript).toMatch(/^BARKA DA SAFIYA, muna godiya/);
    expect(pressReleaseSchema.parse(await settled(`/api/press-releases/${hausa}`, token)).status).toBe("completed");

    const release = await started(
      await postForm("/api/press-releases", token, new Blob([audio], { type: "audio/wav" }), {}),
    );
    expect(pressReleaseSchema.parse(await settled(`/api/press-releases/${release}`, token)).status).toBe("completed");
    const transcriptId = await env.DB.prepare("SELECT provider_ref FROM jobs WHERE id = ?")
      .bind(release)
      .first<string>("provider_ref");
    const transcript = (await (
      await call(`/__sandbox/assemblyai/v2/transcript/${transcriptId}`, {
        headers: { authorization: "sandbox-assemblyai-key" },
      })
    ).json()) as { text: string };
    expect(transcript.text).toMatch(new RegExp(`\\b${englishTerm}\\b`));
  });

  it("the emulators refuse hints as the providers do: keyterm off Nova-3, over six words or too many for AssemblyAI", async () => {
    const listen = await call("/__sandbox/deepgram/v1/listen?model=nova-2&keyterm=Vox", {
      method: "POST",
      headers: { authorization: "Token sandbox-deepgram-key", "content-type": "audio/wav" },
      body: speechWav(2),
    });
    expect(listen.status).toBe(400);
    expect(((await listen.json()) as { err_msg: string }).err_msg).toMatch(/Nova-3/);
    const create = (keyterms_prompt: string[], speech_models = ["universal-2"]) =>
      call("/__sandbox/assemblyai/v2/transcript", {
        method: "POST",
        headers: { authorization: "sandbox-assemblyai-key", "content-type": "application/json" },
        body: JSON.stringify({ audio_url: "http://127.0.0.1:8787/nothing", speech_models, keyterms_prompt }),
      });
    expect((await create(["one two three four five six seven"])).status).toBe(400);
    expect((await create(Array.from({ length: 201 }, (_, i) => `term ${i}`))).status).toBe(400);
  });

  it("Deepgram /v1/read answers every declared field for English text and refuses what the service refuses", async () => {
    const read = (query: string, body: unknown, key = "sandbox-deepgram-key") =>
      call(`/__sandbox/deepgram/v1/read?${query}`, {
        method: "POST",
        headers: { authorization: `Token ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const text = { text: briefingSentence("en", 1) };
    const answered = await read(new URLSearchParams(TEXT_ANALYSIS_QUERY).toString(), text);
    expect(answered.status).toBe(200);
    const answer = readAnswer.strict().parse(await answered.json());
    expect(Object.keys(answer.metadata.metadata ?? {}).sort()).toEqual([
      "created",
      "intents_info",
      "language",
      "request_id",
      "sentiment_info",
      "summary_info",
      "topics_info",
    ]);
    expect(Object.keys(answer.results).sort()).toEqual(["intents", "sentiments", "summary", "topics"]);
    expect((await read("summarize=v2", text)).status).toBe(400);
    expect((await read("sentiment=true&language=ha", text)).status).toBe(400);
    expect((await read("sentiment=true", { text: " " })).status).toBe(400);
    expect((await read("sentiment=true", { words: "x" })).status).toBe(400);
    expect((await read("sentiment=true", text, "wrong")).status).toBe(401);
  });
});

const pressReleaseCount = async (token: string) =>
  pressReleaseListSchema.parse(await (await call("/api/press-releases", { headers: authed(token) })).json()).items
    .length;

describe("recordings over Spitch's 25 MB transcription limit", { timeout: 180_000 }, () => {
  it("the parts stay under the limit the emulator enforces, which refuses a whole 30 MB file", async () => {
    expect(TRANSCRIPTION_PART_MAX_BYTES).toBeLessThan(TRANSCRIPTION_MAX_BYTES);
    expect(TRANSCRIPTION_PART_MAX_BYTES).toBeLessThan(25_000_000);
    const form = new FormData();
    form.set("content", new Blob([speechWav(940)], { type: "audio/wav" }), "long.wav");
    form.set("language", "ha");
    const whole = await call("/__sandbox/spitch/v1/transcriptions", {
      method: "POST",
      headers: { authorization: "Bearer sandbox-spitch-key" },
      body: form,
    });
    expect(whole.status).toBe(413);
  });

  it("a 30 MB Hausa WAV is transcribed in two parts whose sentence times run on without a gap", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const audio = speechWav(940);
    expect(audio.length).toBeGreaterThan(30_000_000);
    const id = await started(
      await postJson("/api/sentiment", token, { upload_id: await tusUpload(token, audio), language: "ha" }),
    );
    const job = sentimentJobSchema.parse(await settled(`/api/sentiment/${id}`, token));
    expect(job.status).toBe("completed");
    const sentences = job.report?.sentences ?? [];
    // The first part holds 750 s of 16 kHz 16-bit audio; the second starts where it ended.
    const firstPartSeconds = Math.floor((TRANSCRIPTION_PART_MAX_BYTES - 44) / 2) / 16_000;
    expect(sentences.some((sentence) => Math.abs(sentence.start - firstPartSeconds) < 0.01)).toBe(true);
    for (const [i, sentence] of sentences.entries()) {
      if (i > 0) expect(sentence.start).toBeCloseTo(sentences[i - 1]?.end ?? 0, 2);
    }
    expect(sentences.at(-1)?.end).toBeCloseTo(940, 0);
    // Each part starts the corpus again, so the second part's first sentence is the greeting.
    const second = sentences.find((sentence) => Math.abs(sentence.start - firstPartSeconds) < 0.01);
    expect(second?.text).toBe(briefingSentence("ha", 0));
  });

  it("a recording over the limit that cannot be cut (M4A) is refused with the reason before anything is stored; English takes it", async () => {
    const { token } = await registerAndSignIn();
    const m4a = new Blob([new Uint8Array(TRANSCRIPTION_PART_MAX_BYTES + 1)], { type: "audio/mp4" });
    const refused = await postForm("/api/press-releases", token, m4a, { language: "yo" }, "long.m4a");
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("recording_too_large_for_language");
    expect(body.message).toMatch(/^Recordings in Yorùbá over 23 MB must be WAV or MP3/);
    expect(await pressReleaseCount(token)).toBe(0);
    expect((await postForm("/api/press-releases", token, m4a, {}, "long.m4a")).status).toBe(202);
    expect(await pressReleaseCount(token)).toBe(1);
  });
});

describe("cutting a recording into parts", () => {
  it("MP3 parts end on frame boundaries, fit the limit, hold every frame and say how long they play", async () => {
    const words = wordsOf(briefingSentence("en", 1).repeat(3));
    const mp3 = new Uint8Array(
      await new Response(synthesiseMp3Stream(words, 120, { sampleRate: 24_000, kbps: 48 })).arrayBuffer(),
    );
    const source = blobSource(new Blob([mp3], { type: "audio/mpeg" }));
    const parts: Uint8Array[] = [];
    let seconds = 0;
    for (let from: number | null = 0; from !== null; ) {
      const part: RecordingPart = await recordingPart(source, "audio/mpeg", from, 4000);
      const bytes = new Uint8Array(await part.audio.arrayBuffer());
      expect(bytes.length).toBeLessThanOrEqual(4000);
      expect(mpegFrame(bytes, 0)).not.toBeNull();
      parts.push(bytes);
      seconds += part.seconds;
      from = part.next;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(new Uint8Array(await new Blob(parts).arrayBuffer())).toEqual(mp3);
    // 48 kbit/s is 6000 bytes a second.
    expect(seconds).toBeCloseTo(mp3.length / 6000, 0);
  });

  it("WAV parts carry the original format and their own length, cut on whole samples", async () => {
    const wavBytes = speechWav(3);
    const source = blobSource(new Blob([wavBytes], { type: "audio/wav" }));
    const first = await recordingPart(source, "audio/wav", 0, 40_001);
    const bytes = new Uint8Array(await first.audio.arrayBuffer());
    const view = new DataView(bytes.buffer);
    const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
    expect([text(0), text(8), text(36)]).toEqual(["RIFF", "WAVE", "data"]);
    expect(bytes.subarray(12, 36)).toEqual(wavBytes.subarray(12, 36));
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(40, true)).toBe(bytes.length - 44);
    expect((bytes.length - 44) % 2).toBe(0);
    expect(first.seconds).toBeCloseTo((bytes.length - 44) / 32_000, 6);
    expect(first.next).toBe(bytes.length);
  });

  it("a format that cannot be cut is refused with the reason", async () => {
    const source = blobSource(new Blob([new Uint8Array(5000)], { type: "audio/ogg" }));
    await expect(recordingPart(source, "audio/ogg", 0, 4000)).rejects.toBeInstanceOf(UncuttableRecording);
  });
});
