import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pressReleaseListSchema, pressReleaseSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { signedMediaUrl } from "../../worker/recordings/uploads/media-url.ts";
import {
  sentimentJobListSchema,
  sentimentJobSchema,
  sentimentReportSchema,
} from "../../worker/reports/contracts/sentiment.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, failNext, ORIGIN, registerAndSignIn, tusUpload, uploadFile } from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";

const postJson = (path: string, token: string, body: unknown) =>
  call(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const authed = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${token}` },
});

async function mediaGrants(r2Key: string): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM media_grants WHERE r2_key = ?").bind(r2Key).first<number>("n")) ??
    0
  );
}

describe("tools on a finished upload", { timeout: 60_000 }, () => {
  it("a press release from an upload: the provider fetches it by URL, and deleting it leaves the recording", async () => {
    const { api, token } = await registerAndSignIn();
    const audio = speechWav(30);
    const uploadId = await tusUpload(token, audio);
    const started = await postJson("/api/press-releases", token, { upload_id: uploadId });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(started.headers.get("location")).toBe(`/api/press-releases/${id}`);
    expect(await env.DB.prepare("SELECT id FROM uploads WHERE id = ?").bind(uploadId).first()).toEqual({
      id: uploadId,
    });

    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token));
    expect(release.status).toBe("completed");
    expect(release.bytes).toBe(audio.length);
    const direct = sentimentReportSchema.parse(
      await (
        await uploadFile("/api/sentiment", token, "file", new Blob([audio], { type: "audio/wav" }), "a.wav")
      ).json(),
    );
    const sentence = direct.results.channels?.[0]?.alternatives[0]?.transcript.split(". ")[1] ?? "";
    expect(sentence.length).toBeGreaterThan(10);
    expect(release.text).toContain(sentence.replace(/\.$/, ""));

    const requested = await env.DB.prepare(
      "SELECT request FROM sandbox_assemblyai_transcripts ORDER BY created_at DESC LIMIT 1",
    ).first<string>("request");
    expect(JSON.parse(requested ?? "{}").audio_url).toMatch(new RegExp(`^${ORIGIN}/api/media/[A-Za-z0-9_-]{43}$`));
    const list = pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json());
    // The upload, and the same file sent whole to sentiment, which keeps its own copy to play.
    expect(list.storage.used_bytes).toBe(audio.length * 2);

    const r2Key = `uploads/${uploadId}`;
    expect(await mediaGrants(r2Key)).toBe(1);
    expect((await call(`/api/press-releases/${id}`, { ...authed(token), method: "DELETE" })).status).toBe(200);
    // The recording is not the job's: it stays for the next tool, and so do its media URLs.
    expect(await env.AUDIO.head(r2Key)).not.toBeNull();
    expect(await mediaGrants(r2Key)).toBe(1);
  });

  it("refuses an unfinished, unknown, someone else's or malformed upload id", async () => {
    const { token } = await registerAndSignIn();
    const unfinished = await tusUpload(token, speechWav(2), "audio/wav", false);
    const refused = await postJson("/api/press-releases", token, { upload_id: unfinished });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "upload_incomplete" });
    expect((await postJson("/api/sentiment", token, { upload_id: unfinished })).status).toBe(409);
    const other = await registerAndSignIn();
    const theirs = await tusUpload(other.token, speechWav(1));
    expect((await postJson("/api/press-releases", token, { upload_id: theirs })).status).toBe(404);
    expect((await postJson("/api/sentiment", token, { upload_id: crypto.randomUUID() })).status).toBe(404);
    const malformed = await postJson("/api/sentiment", token, { upload_id: "../x" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: "validation_failed",
      errors: { upload_id: expect.any(Array) },
    });
    expect((await postJson("/api/sentiment", token, null)).status).toBe(400);
  });

  it("refuses an {upload_id} body over the small JSON limit with 413, declared or chunked", async () => {
    const { token } = await registerAndSignIn();
    const MiB = 1024 * 1024;
    /** A JSON body of `bytes` (an id padded with spaces), pulled a mebibyte at a time. */
    const bigJson = (bytes: number) => {
      const head = new TextEncoder().encode(`{"upload_id":"${crypto.randomUUID()}"`);
      let left = bytes - head.length - 1;
      let sentHead = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sentHead) {
            sentHead = true;
            controller.enqueue(head);
          } else if (left > 0) {
            const part = Math.min(MiB, left);
            left -= part;
            controller.enqueue(new Uint8Array(part).fill(0x20));
          } else {
            controller.enqueue(new TextEncoder().encode("}"));
            controller.close();
          }
        },
      });
    };
    const post = (path: string, body: ReadableStream<Uint8Array>, length?: number) =>
      call(path, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(length ? { "content-length": String(length) } : {}),
        },
        body,
      });
    for (const path of ["/api/press-releases", "/api/sentiment"]) {
      const declared = await post(path, bigJson(60 * MiB), 60 * MiB);
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ code: "payload_too_large", message: expect.any(String) });
      const chunked = await post(path, bigJson(60 * MiB));
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toMatchObject({ code: "payload_too_large" });
    }
    // Whitespace a hand-written body might carry stays well inside the limit.
    const padded = await post("/api/sentiment", bigJson(4 * 1024));
    expect(padded.status).toBe(404);
  });

  it("a sentiment report on an upload is a kept job: 202, then the same report, listed, and deleted (the recording stays)", async () => {
    const { token } = await registerAndSignIn();
    const audio = speechWav(20);
    const uploadId = await tusUpload(token, audio);
    const started = await postJson("/api/sentiment", token, { upload_id: uploadId });
    expect(started.status).toBe(202);
    const created = (await started.json()) as { id: string; status: string };
    expect(created.status).toBe("queued");
    const job = sentimentJobSchema.parse(await settled(`/api/sentiment/${created.id}`, token));
    expect(job.status).toBe("completed");
    const direct = sentimentReportSchema.parse(
      await (
        await uploadFile("/api/sentiment", token, "file", new Blob([audio], { type: "audio/wav" }), "a.wav")
      ).json(),
    );
    expect(job.report?.results).toEqual(direct.results);
    expect(job.report?.metadata?.duration).toBeCloseTo(20, 1);

    const list = sentimentJobListSchema.parse(await (await call("/api/sentiment", authed(token))).json());
    // The direct analysis above is kept as well, newer than the job.
    expect(list.items.map((item) => item.id)).toHaveLength(2);
    expect(list.items[1]).toMatchObject({
      id: created.id,
      file_name: "town-hall.wav",
      bytes: audio.length,
      status: "completed",
      recording_kept: true,
    });

    const other = await registerAndSignIn();
    expect((await call(`/api/sentiment/${created.id}`, authed(other.token))).status).toBe(404);
    expect((await call(`/api/sentiment/${created.id}`, { ...authed(other.token), method: "DELETE" })).status).toBe(404);

    expect((await call(`/api/sentiment/${created.id}`, { ...authed(token), method: "DELETE" })).status).toBe(200);
    expect(await env.AUDIO.head(`uploads/${uploadId}`)).not.toBeNull();
    expect(await env.AUDIO.head(`sentiment-reports/${created.id}.json`)).toBeNull();
    expect((await call(`/api/sentiment/${created.id}`, authed(token))).status).toBe(404);
  });

  it("a report on a small file, answered at once, is kept with its recording, which plays through a media URL", async () => {
    const { api, token } = await registerAndSignIn();
    const audio = speechWav(6);
    const response = await uploadFile(
      "/api/sentiment",
      token,
      "file",
      new Blob([audio], { type: "audio/wav" }),
      "q.wav",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-recording-kept")).toBe("true");
    const report = sentimentReportSchema.parse(await response.json());
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/api\/sentiment\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop() ?? "";
    const kept = sentimentJobSchema.parse(await (await call(location, authed(token))).json());
    expect(kept).toMatchObject({ status: "completed", file_name: "q.wav", bytes: audio.length, recording_kept: true });
    expect(kept.report).toEqual(report);
    const list = sentimentJobListSchema.parse(await (await call("/api/sentiment", authed(token))).json());
    expect(list.items.map((item) => item.id)).toEqual([id]);
    expect(list.items[0]?.recording_kept).toBe(true);
    // The recording is kept as an uploaded one is, so it counts towards the plan's storage.
    const storage = pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json()).storage;
    expect(storage.used_bytes).toBe(audio.length);

    // The report's player gets a media URL for it, streamed with Range like a large upload's.
    const granted = await call(`${location}/audio/url`, authed(token, { method: "POST" }));
    expect(granted.status).toBe(200);
    const media = new URL(((await granted.json()) as { url: string }).url).pathname;
    expect(media).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{43}$/);
    const span = await call(media, { headers: { range: "bytes=44-1043" } });
    expect(span.status).toBe(206);
    expect(span.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await span.arrayBuffer())).toEqual(audio.slice(44, 1044));
    const other = await registerAndSignIn();
    expect((await call(`${location}/audio/url`, authed(other.token, { method: "POST" }))).status).toBe(404);

    // Deleting the report deletes its recording and its media URL with it.
    expect((await call(location, { ...authed(token), method: "DELETE" })).status).toBe(200);
    expect(await env.AUDIO.head(`sentiment-reports/${id}.json`)).toBeNull();
    expect(await env.AUDIO.head(`sentiment-recordings/${id}`)).toBeNull();
    expect((await call(media, { headers: { range: "bytes=0-99" } })).status).toBe(404);
    expect((await call(location, authed(token))).status).toBe(404);
  });

  it("a small file that would pass the plan's storage is still reported on, without keeping the recording", async () => {
    const { token } = await registerAndSignIn();
    const audio = speechWav(4);
    const send = () => uploadFile("/api/sentiment", token, "file", new Blob([audio], { type: "audio/wav" }), "q.wav");
    // A first report keeps its recording; it is then made to fill the Monthly plan's storage but for a few bytes.
    const first = (await send()).headers.get("location") ?? "";
    await env.DB.prepare("UPDATE jobs SET bytes = ? WHERE id = ?")
      .bind(20 * 1024 ** 3 - 10, first.split("/").pop())
      .run();
    const response = await send();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-recording-kept")).toBe("false");
    const id = (response.headers.get("location") ?? "").split("/").pop() ?? "";
    const kept = sentimentJobSchema.parse(await (await call(`/api/sentiment/${id}`, authed(token))).json());
    expect(kept).toMatchObject({ status: "completed", recording_kept: false });
    expect(await env.AUDIO.head(`sentiment-recordings/${id}`)).toBeNull();
    expect((await call(`/api/sentiment/${id}/audio/url`, authed(token, { method: "POST" }))).status).toBe(404);
    const played = await call(`/api/sentiment/${id}/audio`, authed(token));
    expect(played.status).toBe(404);
    expect(await played.json()).toMatchObject({ code: "recording_not_kept" });
  });

  it("a sentiment job retries a provider outage, and ends in a readable error for a file that is not audio", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    await failNext("deepgram-listen", 503, 1);
    const good = await tusUpload(token, speechWav(4));
    const { id } = (await (await postJson("/api/sentiment", token, { upload_id: good })).json()) as { id: string };
    expect(sentimentJobSchema.parse(await settled(`/api/sentiment/${id}`, token)).status).toBe("completed");

    const junk = await tusUpload(token, new TextEncoder().encode("not audio, only words in a file"), "audio/mpeg");
    const failed = (await (await postJson("/api/sentiment", token, { upload_id: junk })).json()) as { id: string };
    const job = sentimentJobSchema.parse(await settled(`/api/sentiment/${failed.id}`, token));
    expect(job.status).toBe("error");
    expect(job.error).toMatch(/could not be analysed/);
    expect(job.report).toBeUndefined();
  });

  it("media URLs serve Range requests without a session, and stop working when they expire", async () => {
    const { token } = await registerAndSignIn();
    const audio = speechWav(3);
    const uploadId = await tusUpload(token, audio);
    const url = await signedMediaUrl(env.DB, ORIGIN, `uploads/${uploadId}`, "audio/wav");
    const path = new URL(url).pathname;
    const whole = await call(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);
    const part = await call(path, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${audio.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(audio.slice(100, 200));
    const tail = await call(path, { headers: { range: "bytes=-100" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${audio.length - 100}-${audio.length - 1}/${audio.length}`);
    expect(tail.headers.get("content-length")).toBe("100");
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(audio.slice(-100));
    const open = await call(path, { headers: { range: `bytes=${audio.length - 10}-` } });
    expect(open.headers.get("content-range")).toBe(`bytes ${audio.length - 10}-${audio.length - 1}/${audio.length}`);
    expect((await call(`${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
    await env.DB.prepare("UPDATE media_grants SET expires_at = ?").bind("2020-01-01T00:00:00.000Z").run();
    expect((await call(path)).status).toBe(404);
  });
});
