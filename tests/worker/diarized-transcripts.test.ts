import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type PressRelease, pressReleaseSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { recordingListSchema } from "../../worker/recordings/contracts/recordings.ts";
import {
  type SentimentJob,
  sentimentJobSchema,
  sentimentReportSchema,
} from "../../worker/reports/contracts/sentiment.ts";
import { recordingUrlSchema, type Utterance } from "../../worker/transcripts/contracts/transcript.ts";
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

  it("gives the owner's player a media URL that streams the recording with Range, until the recording is deleted", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const recording = twoSpeakerWav(6);
    const id = await reportJob(token, recording);
    await settled<SentimentJob>(`/api/sentiment/${id}`, token);
    const path = `/api/sentiment/${id}/audio/url`;

    const granted = await call(path, { method: "POST", headers: authed(token) });
    expect(granted.status).toBe(200);
    const { url, expires_at } = recordingUrlSchema.parse(await granted.json());
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(11 * 60 * 60 * 1000);
    const media = new URL(url).pathname;
    expect(media).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{43}$/);

    // No bearer token: the URL is the capability, as an <audio src> needs.
    const span = await call(media, { headers: { range: "bytes=44-1043" } });
    expect(span.status).toBe(206);
    expect(span.headers.get("content-type")).toBe("audio/wav");
    expect(span.headers.get("content-range")).toBe(`bytes 44-1043/${recording.length}`);
    expect(new Uint8Array(await span.arrayBuffer())).toEqual(recording.slice(44, 1044));

    const stranger = await registerAndSignIn();
    expect((await call(path, { method: "POST", headers: authed(stranger.token) })).status).toBe(404);
    expect((await call(path, { method: "POST" })).status).toBe(401);

    const listed = recordingListSchema.parse(await (await call("/api/recordings", { headers: authed(token) })).json());
    const deleted = await call(`/api/recordings/${listed.items[0]?.id}`, { method: "DELETE", headers: authed(token) });
    expect(deleted.status).toBe(200);
    const after = await call(media, { headers: { range: "bytes=0-99" } });
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ code: "not_found" });
    const again = await call(path, { method: "POST", headers: authed(token) });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "recording_not_kept" });
  });

  it("plays the recording of a report whose file was analysed on the spot, which is now kept beside it", async () => {
    const { token } = await registerAndSignIn();
    const recording = speechWav(4);
    const response = await uploadFile("/api/sentiment", token, "file", wav(recording), "briefing.wav");
    const id = response.headers.get("location")?.split("/").pop();
    const audio = await call(`/api/sentiment/${id}/audio`, { headers: authed(token) });
    expect(audio.status).toBe(200);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(recording);
  });
});

interface ParsedCue {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const seconds = (h: string, m: string, s: string, ms: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/**
 * SubRip as strictly as it is specified: blocks separated by one blank line, each a counter from
 * 1, a `HH:MM:SS,mmm --> HH:MM:SS,mmm` line and at least one line of text; nothing else.
 */
function parseSrt(text: string): ParsedCue[] {
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n\n")
    .map((block, index) => {
      const [counter, timing, ...lines] = block.split("\n");
      expect(counter).toBe(String(index + 1));
      const times = /^(\d{2}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d),(\d{3})$/.exec(timing ?? "");
      if (!times) throw new Error(`bad SRT timing line ${JSON.stringify(timing)}`);
      const [, h1 = "", m1 = "", s1 = "", ms1 = "", h2 = "", m2 = "", s2 = "", ms2 = ""] = times;
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.trim()).not.toBe("");
      return { start: seconds(h1, m1, s1, ms1), end: seconds(h2, m2, s2, ms2), text: lines.join("\n") };
    });
}

/**
 * WebVTT as its parser reads it: the `WEBVTT` signature line, a blank line, then cues of a timing
 * line (`HH:MM:SS.mmm --> HH:MM:SS.mmm`) and text lines that contain no `-->`, blocks separated by
 * blank lines; a voice span must be closed by `>` on the same line.
 */
function parseVtt(text: string): ParsedCue[] {
  const [signature, ...blocks] = text.replace(/\n$/, "").split("\n\n");
  expect(signature).toBe("WEBVTT");
  return blocks.map((block) => {
    const [timing, ...lines] = block.split("\n");
    const times = /^(\d{2}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(timing ?? "");
    if (!times) throw new Error(`bad VTT timing line ${JSON.stringify(timing)}`);
    const [, h1 = "", m1 = "", s1 = "", ms1 = "", h2 = "", m2 = "", s2 = "", ms2 = ""] = times;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain("-->");
      expect(line).toMatch(/^(<v [^<>]+>)?[^<>]*$/);
    }
    return { start: seconds(h1, m1, s1, ms1), end: seconds(h2, m2, s2, ms2), text: lines.join("\n") };
  });
}

function expectOrderedCues(cues: readonly ParsedCue[]) {
  expect(cues.length).toBeGreaterThan(0);
  for (const [i, cue] of cues.entries()) {
    expect(cue.end).toBeGreaterThan(cue.start);
    if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]?.start ?? 0);
  }
}

const patchJson = (path: string, token: string, body: unknown) =>
  call(path, {
    method: "PATCH",
    headers: { ...authed(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** A report on a briefing with questions, analysed on the spot; answers its id. */
async function twoSpeakerReport(token: string): Promise<string> {
  const response = await uploadFile("/api/sentiment", token, "file", wav(twoSpeakerWav(24)), "Lagos briefing.wav");
  expect(response.status).toBe(200);
  return response.headers.get("location")?.split("/").pop() ?? "";
}

describe("speaker names and transcript exports", { timeout: 60_000 }, () => {
  it("names a speaker once for the whole report; every export uses the names", async () => {
    const { token } = await registerAndSignIn();
    const id = await twoSpeakerReport(token);
    const renamed = await patchJson(`/api/sentiment/${id}/speakers`, token, {
      speakers: { "0": "Amaka Obi", "1": "Tunde <Channels TV>" },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ speaker_names: { "0": "Amaka Obi", "1": "Tunde <Channels TV>" } });
    const job = sentimentJobSchema.parse(await (await call(`/api/sentiment/${id}`, { headers: authed(token) })).json());
    expect(job.speaker_names).toEqual({ "0": "Amaka Obi", "1": "Tunde <Channels TV>" });
    const spoken = job.report?.utterances ?? [];
    const day = job.created_at.slice(0, 10);

    const download = async (format: string) => {
      const response = await call(`/api/sentiment/${id}/export?format=${format}`, { headers: authed(token) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="lagos-briefing-${day}.${format}"`,
      );
      return response;
    };

    const txt = await (await download("txt")).text();
    expect(txt.split("\n\n")[0]).toBe(`[00:00] Amaka Obi: ${spoken[0]?.text}`);
    expect(txt).toContain(`Tunde <Channels TV>: ${spoken[1]?.text}`);

    const srt = parseSrt(await (await download("srt")).text());
    expectOrderedCues(srt);
    expect(srt[0]?.text.startsWith("Amaka Obi: ")).toBe(true);
    expect(srt.some((cue) => cue.text.startsWith("Tunde <Channels TV>: "))).toBe(true);
    expect(srt.at(-1)?.end).toBeCloseTo(spoken.at(-1)?.end ?? 0, 2);

    const vttResponse = await download("vtt");
    expect(vttResponse.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    const vtt = parseVtt(await vttResponse.text());
    expect(vtt.map(({ start, end }) => ({ start, end }))).toEqual(srt.map(({ start, end }) => ({ start, end })));
    expect(vtt[0]?.text.startsWith("<v Amaka Obi>")).toBe(true);
    expect(vtt.some((cue) => cue.text.startsWith("<v Tunde &lt;Channels TV&gt;>"))).toBe(true);

    const files = unzipSync(new Uint8Array(await (await download("docx")).arrayBuffer()));
    const xml = strFromU8(files["word/document.xml"] ?? new Uint8Array());
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*?<w:t[^>]*>Lagos briefing\.wav<\/w:t>/s);
    expect(xml).toMatch(/<w:b\/>.*?<w:t[^>]*>Amaka Obi {2}00:00<\/w:t>/s);
    expect(xml).toContain("Tunde &lt;Channels TV&gt;");

    // A null gives the default name back.
    await patchJson(`/api/sentiment/${id}/speakers`, token, { speakers: { "1": null } });
    const again = await (await download("txt")).text();
    expect(again).toContain(`Speaker 2: ${spoken[1]?.text}`);
    expect(again).not.toContain("Tunde");
  });

  it("refuses a bad format (400), a speaker the transcript does not have (400), an empty name (400), and anyone else's report (404)", async () => {
    const { token } = await registerAndSignIn();
    const id = await twoSpeakerReport(token);
    for (const format of ["pdf", "", "SRT"]) {
      const response = await call(`/api/sentiment/${id}/export?format=${format}`, { headers: authed(token) });
      expect(response.status, format).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "validation_failed",
        errors: { format: [expect.any(String)] },
      });
    }
    const unknown = await patchJson(`/api/sentiment/${id}/speakers`, token, { speakers: { "7": "Nobody" } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "unknown_speaker" });
    const empty = await patchJson(`/api/sentiment/${id}/speakers`, token, { speakers: { "0": "  " } });
    expect(empty.status).toBe(400);

    const stranger = await registerAndSignIn();
    const theirs = await patchJson(`/api/sentiment/${id}/speakers`, stranger.token, { speakers: { "0": "Mine" } });
    expect(theirs.status).toBe(404);
    const theirExport = await call(`/api/sentiment/${id}/export?format=txt`, { headers: authed(stranger.token) });
    expect(theirExport.status).toBe(404);
    const mine = sentimentJobSchema.parse(
      await (await call(`/api/sentiment/${id}`, { headers: authed(token) })).json(),
    );
    expect(mine.speaker_names).toBeUndefined();
  });

  it("names a press release's speakers A and B, answers the names with the release and exports its source transcript", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const response = await uploadFile("/api/press-releases", token, "file", wav(twoSpeakerWav(12)), "briefing.wav");
    const { id } = (await response.json()) as { id: string };
    await settled<PressRelease>(`/api/press-releases/${id}`, token);
    const renamed = await patchJson(`/api/press-releases/${id}/speakers`, token, { speakers: { B: "Journalist" } });
    expect(renamed.status).toBe(200);
    const release = pressReleaseSchema.parse(
      await (await call(`/api/press-releases/${id}`, { headers: authed(token) })).json(),
    );
    expect(release.speaker_names).toEqual({ B: "Journalist" });

    // Its source transcript downloads under the release (whose own /export is the release).
    const day = release.created_at.slice(0, 10);
    const srtResponse = await call(`/api/press-releases/${id}/transcript/export?format=srt`, {
      headers: authed(token),
    });
    expect(srtResponse.status).toBe(200);
    expect(srtResponse.headers.get("content-disposition")).toBe(`attachment; filename="briefing-${day}.srt"`);
    const srt = parseSrt(await srtResponse.text());
    expectOrderedCues(srt);
    expect(srt[0]?.text.startsWith("Speaker 1: ")).toBe(true);
    expect(srt.some((cue) => cue.text.startsWith("Journalist: "))).toBe(true);
    const vtt = await call(`/api/press-releases/${id}/transcript/export?format=vtt`, { headers: authed(token) });
    expect(parseVtt(await vtt.text()).some((cue) => cue.text.startsWith("<v Journalist>"))).toBe(true);
    const bad = await call(`/api/press-releases/${id}/transcript/export?format=md`, { headers: authed(token) });
    expect(bad.status).toBe(400);
    const stranger = await registerAndSignIn();
    const theirs = await call(`/api/press-releases/${id}/transcript/export?format=txt`, {
      headers: authed(stranger.token),
    });
    expect(theirs.status).toBe(404);
  });

  it("names the speaker of a saved live transcript and exports its finals with times", async () => {
    const { token, user } = await registerAndSignIn();
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO live_sessions (id, user_id, resume_token_hash, title, status, audio_seconds, started_at, alive_at, ended_at)
         VALUES (?, ?, 'x', 'Town hall', 'ended', 9, ?, ?, ?)`,
      ).bind(id, user.id, now, now, now),
      env.DB.prepare(
        "INSERT INTO live_segments (session_id, seq, text, start, duration) VALUES (?, 1, ?, 0.5, 3)",
      ).bind(id, "Good evening, Kano."),
      env.DB.prepare(
        "INSERT INTO live_segments (session_id, seq, text, start, duration) VALUES (?, 2, ?, 4, 4.25)",
      ).bind(id, "The meeting --> starts now."),
    ]);
    const path = `/api/live/transcripts/${id}`;
    const renamed = await patchJson(`${path}/speakers`, token, { speakers: { "0": "Hajiya Bello" } });
    expect(renamed.status).toBe(200);
    const detail = (await (await call(path, { headers: authed(token) })).json()) as {
      utterances: Utterance[];
      speaker_names: Record<string, string>;
    };
    expect(detail.utterances).toEqual([
      { speaker: "0", start: 0.5, end: 3.5, text: "Good evening, Kano." },
      { speaker: "0", start: 4, end: 8.25, text: "The meeting --> starts now." },
    ]);
    expect(detail.speaker_names).toEqual({ "0": "Hajiya Bello" });

    const srt = await call(`${path}/export?format=srt`, { headers: authed(token) });
    expect(srt.headers.get("content-disposition")).toBe(`attachment; filename="town-hall-${now.slice(0, 10)}.srt"`);
    expect(parseSrt(await srt.text())).toEqual([
      { start: 0.5, end: 3.5, text: "Hajiya Bello: Good evening, Kano." },
      { start: 4, end: 8.25, text: "Hajiya Bello: The meeting -> starts now." },
    ]);
    const vtt = parseVtt(await (await call(`${path}/export?format=vtt`, { headers: authed(token) })).text());
    expect(vtt[1]).toEqual({ start: 4, end: 8.25, text: "<v Hajiya Bello>The meeting -&gt; starts now." });
    expect((await call(`${path}/export?format=doc`, { headers: authed(token) })).status).toBe(400);

    const stranger = await registerAndSignIn();
    expect((await call(`${path}/export?format=txt`, { headers: authed(stranger.token) })).status).toBe(404);
    expect((await patchJson(`${path}/speakers`, stranger.token, { speakers: { "0": "X" } })).status).toBe(404);
  });
});
