import { env, introspectWorkflow } from "cloudflare:test";
import { expect, vi } from "vitest";
import { isFinished, type JobStatus } from "../../worker/jobs/contracts/jobs.ts";
import { type PressRelease, pressReleaseSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, uploadFile } from "./helpers.ts";

/**
 * Jobs made after this skip their pauses: polls and retry back-off run at once, retries still
 * count. Declare the result with `await using` so the next test's jobs are not touched.
 */
export async function jobsWithoutPauses() {
  const workflows = await introspectWorkflow(env.JOB_WORKFLOWS);
  await workflows.modifyAll(async (modifier) => {
    await modifier.disableSleeps();
    await modifier.disableRetryDelays();
  });
  return workflows;
}

/** Polls a job the way the site does until it is completed or has failed; answers its last JSON. */
export async function settled<T extends { status: JobStatus }>(path: string, token: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const response = await call(path, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const job = (await response.json()) as T;
      expect(isFinished(job.status), `${path} is still ${job.status}`).toBe(true);
      return job;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** A press release written from a 20-second briefing (`briefing.wav`), once it is completed. */
export async function finishedRelease(token: string): Promise<PressRelease> {
  const response = await uploadFile(
    "/api/press-releases",
    token,
    "file",
    new Blob([speechWav(20)], { type: "audio/wav" }),
    "briefing.wav",
  );
  const { id } = (await response.json()) as { id: string };
  const done = pressReleaseSchema.parse(await settled<PressRelease>(`/api/press-releases/${id}`, token));
  expect(done.status).toBe("completed");
  return done;
}
