import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { TOOL_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { STEP_CONFIG } from "../../worker/jobs/engine.ts";
import { JobFailure } from "../../worker/jobs/pipeline.ts";
import {
  type PressRelease,
  pressReleaseListSchema,
  pressReleaseSchema,
} from "../../worker/press-releases/contracts/press-releases.ts";
import { PRESS_RELEASE_DEADLINE_MS, pressReleasePipeline } from "../../worker/press-releases/press-release-steps.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import {
  call,
  declaredOversizedUpload,
  engineStatus,
  failNext,
  registerAndSignIn,
  uploadFile,
  uploadWithDeclaredType,
} from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";

const wav = (seconds: number) => new Blob([speechWav(seconds)], { type: "audio/wav" });

const upload = (token: string | undefined, file: Blob | null, filename = "briefing.wav") =>
  uploadFile("/api/press-releases", token, "file", file, filename);

async function start(token: string, file: Blob = wav(12)): Promise<string> {
  const response = await upload(token, file);
  expect(response.status).toBe(202);
  const body = (await response.json()) as { id: string; status: string };
  expect(body.status).toBe("queued");
  expect(response.headers.get("location")).toBe(`/api/press-releases/${body.id}`);
  return body.id;
}

async function job(token: string, id: string): Promise<PressRelease> {
  const response = await call(`/api/press-releases/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return pressReleaseSchema.parse(await response.json());
}

const finished = (token: string, id: string) => settled<PressRelease>(`/api/press-releases/${id}`, token);

/** The provider transcript the job recorded, once it has one. */
const transcriptOf = (id: string) =>
  vi.waitFor(
    async () => {
      const ref = await env.DB.prepare("SELECT provider_ref FROM jobs WHERE id = ?")
        .bind(id)
        .first<string>("provider_ref");
      expect(ref).toBeTruthy();
      return ref as string;
    },
    { timeout: 10_000, interval: 20 },
  );

describe("press release jobs", () => {
  it("move queued → processing → completed through upload, transcript polling and generation", async () => {
    const { token } = await registerAndSignIn();
    const id = await start(token);
    // The sandbox transcript is still processing at the first poll, so the job waits 3 s there.
    await transcriptOf(id);
    expect((await job(token, id)).status).toBe("processing");
    const done = await finished(token, id);
    expect(done.status).toBe("completed");
    expect(done.text).toMatch(/^# .+/);
    expect(done.text).toContain("###");
    expect(done.error).toBeUndefined();
  });

  it("writes the release from the transcript of this recording", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const id = await start(token, wav(30));
    const { text = "" } = await finished(token, id);
    const report = (await (
      await call("/__sandbox/deepgram/v1/listen", {
        method: "POST",
        headers: { authorization: "Token sandbox-deepgram-key", "content-type": "audio/wav" },
        body: speechWav(30),
      })
    ).json()) as { results: { channels: { alternatives: { transcript: string }[] }[] } };
    // Both sandbox providers hear the same sentences in the same file.
    const sentence = report.results.channels[0]?.alternatives[0]?.transcript.split(". ")[1] ?? "";
    expect(sentence.length).toBeGreaterThan(10);
    expect(text).toContain(sentence.replace(/\.$/, ""));
  });

  it("lists the user's jobs with storage used and the plan's quota, newest first", async () => {
    const { api, token } = await registerAndSignIn();
    const first = await start(token, wav(2));
    const second = await start(token, wav(3));
    const list = pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json());
    expect(list.items.map((item) => item.id)).toEqual([second, first]);
    expect(list.storage.used_bytes).toBe(speechWav(2).length + speechWav(3).length);
    expect(list.storage.quota_bytes).toBe(20 * 1024 ** 3);
    expect(list.items[0]?.file_name).toBe("briefing.wav");
  });

  it("another user's job, a malformed id and a missing job are all 404", async () => {
    const owner = await registerAndSignIn();
    const id = await start(owner.token);
    const other = await registerAndSignIn();
    for (const path of [id, "not-a-uuid", "../../etc/passwd", crypto.randomUUID()]) {
      const response = await call(`/api/press-releases/${encodeURIComponent(path)}`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(response.status).toBe(404);
    }
    const deleteOthers = await call(`/api/press-releases/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(deleteOthers.status).toBe(404);
    expect((await job(owner.token, id)).id).toBe(id);
  });

  it("refuses no session, an ended plan, no file, a document and a huge upload, storing nothing", async () => {
    expect((await upload(undefined, wav(1))).status).toBe(401);
    const { api, token, user } = await registerAndSignIn();
    expect((await upload(token, null)).status).toBe(400);
    expect(
      (
        await upload(
          token,
          new Blob(["PK\u0003\u0004"], {
            type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          }),
          "notes.docx",
        )
      ).status,
    ).toBe(415);
    const huge = await declaredOversizedUpload("/api/press-releases", token, 60 * 1024 * 1024);
    expect(huge.status).toBe(413);
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", user.id)
      .run();
    expect((await upload(token, wav(1))).status).toBe(402);
    expect(pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json()).items).toEqual([]);
  });

  it("refuses a file whose declared type is not a plain type/subtype (400), storing nothing", async () => {
    const { api, token } = await registerAndSignIn();
    const response = await uploadWithDeclaredType("/api/press-releases", token, "file", "audio/mpeg\u0001");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed", errors: { file: [expect.any(String)] } });
    expect(pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json()).items).toEqual([]);
  });

  it("refuses an upload past the plan's storage quota with 402, and deleting frees the space", async () => {
    const { api, token, user } = await registerAndSignIn();
    const id = await start(token, wav(1));
    // Pretend the first upload was nearly the whole 20 GB, so the next small one does not fit.
    await env.DB.prepare("UPDATE jobs SET bytes = ? WHERE id = ?")
      .bind(20 * 1024 ** 3 - 1000, id)
      .run();
    const over = await upload(token, wav(1));
    expect(over.status).toBe(402);
    expect(await over.json()).toMatchObject({ code: "storage_quota_exceeded" });
    expect(pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json()).items).toHaveLength(1);

    const removed = await call(`/api/press-releases/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    expect(await env.AUDIO.head(`press-releases/${id}`)).toBeNull();
    expect(["terminated", "complete"]).toContain(await engineStatus(id));
    await start(token, wav(1));

    await env.DB.prepare("UPDATE users SET plan = 'enterprise', subscription_expires_at = ? WHERE id = ?")
      .bind("2999-01-01T00:00:00.000Z", user.id)
      .run();
    const list = pressReleaseListSchema.parse(await (await api.get("/api/press-releases")).json());
    expect(list.storage.quota_bytes).toBeNull();
  });

  it("deleting a release also deletes the transcript the provider keeps, finished or still running", async () => {
    const { token } = await registerAndSignIn();
    const finishedId = await start(token, wav(4));
    await finished(token, finishedId);
    const runningId = await start(token, wav(4));
    const transcripts = [await transcriptOf(finishedId), await transcriptOf(runningId)];
    expect((await job(token, runningId)).status).toBe("processing");
    for (const id of [finishedId, runningId]) {
      const removed = await call(`/api/press-releases/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.status).toBe(200);
    }
    for (const transcript of transcripts) {
      expect(transcript).toBeTruthy();
      const deletedAt = await env.DB.prepare("SELECT deleted_at FROM sandbox_assemblyai_transcripts WHERE id = ?")
        .bind(transcript)
        .first<string | null>("deleted_at");
      expect(deletedAt, transcript).not.toBeNull();
    }
    expect(await engineStatus(runningId)).toBe("terminated");
  });

  it("limits each user to 30 press releases an hour (429 with Retry-After); refused uploads are not counted", async () => {
    const { token, user } = await registerAndSignIn();
    for (let i = 0; i <= TOOL_RATE_LIMITS.pressRelease.limit; i++) expect((await upload(token, null)).status).toBe(400);
    // The refusals left the count at 0; one call short of the limit, the next real one goes through.
    await env.DB.prepare("UPDATE tool_usage SET count = ? WHERE user_id = ? AND tool = 'pressRelease'")
      .bind(TOOL_RATE_LIMITS.pressRelease.limit - 1, user.id)
      .run();
    expect((await upload(token, wav(1))).status).toBe(202);
    const limited = await upload(token, wav(1));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await registerAndSignIn();
    expect((await upload(other.token, null)).status).toBe(400);
  });

  it("ends in error with a readable message when the recording has no audio in it", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const id = await start(token, new Blob(["this is a text file pretending to be audio"], { type: "audio/mpeg" }));
    const failed = await finished(token, id);
    expect(failed.status).toBe("error");
    expect(failed.error).toBe(
      "The recording could not be transcribed: Transcoding failed. File does not appear to contain audio.",
    );
    expect(failed.text).toBeUndefined();
  });

  it("retries each step's outages up to 5 times, 3 s apart and doubling, then succeeds", async () => {
    expect(STEP_CONFIG.retries).toEqual({ limit: 5, delay: "3 seconds", backoff: "exponential" });
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    await failNext("assemblyai-upload", 503, 5);
    const id = await start(token);
    expect((await finished(token, id)).status).toBe("completed");
  });

  it("gives up after the sixth outage in a row with a message that says so", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    await failNext("assemblyai-poll", 502, 6);
    const id = await start(token);
    const failed = await finished(token, id);
    expect(failed.status).toBe("error");
    expect(failed.error).toBe("The transcription service is not answering. Please try again later.");
    expect(failed.text).toBeUndefined();
  });

  it("a rejected generation request ends the job at once, without retries", async () => {
    const { token } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    // A retry would succeed, so a completed job would mean the refusal was retried.
    await failNext("assemblyai-llm", 400, 1);
    const id = await start(token);
    const failed = await finished(token, id);
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/^The press release could not be written from this recording/);
    expect(await engineStatus(id)).toBe("complete");
  });

  it("stops polling after the overall time limit", async () => {
    const params = {
      kind: "press_release" as const,
      id: crypto.randomUUID(),
      r2Key: "press-releases/x",
      contentType: "audio/wav",
      origin: "http://localhost",
      byUrl: false,
      startedAt: Date.now() - PRESS_RELEASE_DEADLINE_MS - 1,
      language: "en" as const,
      alsoInLanguage: false,
    };
    const [, , waiting] = pressReleasePipeline.steps(params);
    const late = {
      env,
      params,
      providers: () => {
        throw new Error("no provider is called after the deadline");
      },
    };
    const stopped = waiting?.run(late, { transcriptId: "t" });
    await expect(stopped).rejects.toBeInstanceOf(JobFailure);
    await expect(stopped).rejects.toThrow(/took longer than 30 minutes/);
  });
});
