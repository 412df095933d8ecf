import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import { resumeStalledJobs, START_GRACE_MS } from "../../worker/jobs/lifecycle.ts";
import type { PressRelease } from "../../worker/press-releases/contracts/press-releases.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { engineStatus, ORIGIN, registerAndSignIn, uploadFile } from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";

/**
 * What the sweep does for jobs that are neither finished nor moving on: a row written by a process
 * that died before starting its job, an instance that ended without writing its outcome, a job of
 * the old engine with nothing to resume from. Cut-off instances are woken by it too; killing the
 * process itself is what `npm run chaos` does.
 */

const path = (id: string) => `/api/press-releases/${id}`;

/** A press release row as the intake writes it, with its recording, `ageMs` old, never started. */
async function orphanedJob(userId: string, ageMs: number, origin: string | null = ORIGIN): Promise<string> {
  const id = crypto.randomUUID();
  const r2Key = `press-releases/${id}`;
  const audio = speechWav(6);
  await env.AUDIO.put(r2Key, audio, { httpMetadata: { contentType: "audio/wav" } });
  const at = new Date(Date.now() - ageMs).toISOString();
  await env.DB.prepare(
    `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, origin, status, created_at, updated_at)
     VALUES (?, ?, 'press_release', 'orphan.wav', 'audio/wav', ?, ?, ?, 'queued', ?, ?)`,
  )
    .bind(id, userId, audio.length, r2Key, origin, at, at)
    .run();
  return id;
}

async function status(id: string): Promise<string | null> {
  return env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(id).first<string>("status");
}

describe("the job sweep", () => {
  it("starts a job whose process died between writing its row and starting it, and the job finishes", async () => {
    const { token, user } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const orphan = await orphanedJob(user.id, START_GRACE_MS + 1000);
    const fresh = await orphanedJob(user.id, 0);
    await resumeStalledJobs(env);
    const done = await settled<PressRelease>(path(orphan), token);
    expect(done.status).toBe("completed");
    expect(done.text).toMatch(/^# /);
    // A row this young may still have its start on the way: the sweep leaves it alone.
    expect(await status(fresh)).toBe("queued");
  });

  it("runs from the Worker's scheduled handler", async () => {
    const { token, user } = await registerAndSignIn();
    await using _fast = await jobsWithoutPauses();
    const orphan = await orphanedJob(user.id, START_GRACE_MS + 1000);
    const ctx = createExecutionContext();
    await worker.scheduled?.(createScheduledController({ cron: "*/30 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await settled<PressRelease>(path(orphan), token)).status).toBe("completed");
  });

  it("ends with a message a job whose instance ended without writing its outcome", async () => {
    const { token } = await registerAndSignIn();
    const response = await uploadFile(
      "/api/press-releases",
      token,
      "file",
      new Blob([speechWav(4)], { type: "audio/wav" }),
      "cut.wav",
    );
    const { id } = (await response.json()) as { id: string };
    await (await env.JOB_WORKFLOWS.get(id)).terminate();
    expect(await engineStatus(id)).toBe("terminated");
    expect(["queued", "processing"]).toContain(await status(id));
    await resumeStalledJobs(env);
    const ended = await settled<PressRelease>(path(id), token);
    expect(ended.status).toBe("error");
    expect(ended.error).toBe("This job was interrupted and could not be resumed. Please start it again.");
  });

  it("ends with a message a job that has nothing to start again from", async () => {
    const { token, user } = await registerAndSignIn();
    const old = await orphanedJob(user.id, START_GRACE_MS + 1000, null);
    await resumeStalledJobs(env);
    expect((await settled<PressRelease>(path(old), token)).error).toMatch(/interrupted/);
  });

  it("wakes a running job without starting it again: it keeps its transcript and finishes", async () => {
    const { token } = await registerAndSignIn();
    const transcriptCount = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM sandbox_assemblyai_transcripts").first<number>("n");
    const before = await transcriptCount();
    const response = await uploadFile(
      "/api/press-releases",
      token,
      "file",
      new Blob([speechWav(4)], { type: "audio/wav" }),
      "woken.wav",
    );
    const { id } = (await response.json()) as { id: string };
    await resumeStalledJobs(env);
    const done = await settled<PressRelease>(path(id), token);
    expect(done.status).toBe("completed");
    expect(((await transcriptCount()) ?? 0) - (before ?? 0)).toBe(1);
    expect(await engineStatus(id)).toBe("complete");
  });
});
