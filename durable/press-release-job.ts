import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../worker/config.ts";
import { JOB_POLL_MS } from "../worker/contracts/jobs.ts";
import { PRESS_RELEASE_MAX_OUTPUT_TOKENS, PRESS_RELEASE_TEMPERATURE } from "../worker/contracts/press-releases.ts";
import { objectProviders } from "../worker/object-providers.ts";
import { type JobInput, pressReleaseIntake } from "../worker/press-releases/intake.ts";
import { pressReleaseMessages } from "../worker/press-releases/prompt.ts";
import { recordTranscriptId, updateStatus } from "../worker/press-releases/store.ts";
import {
  createTranscript,
  deleteTranscript,
  generateText,
  getTranscript,
  uploadAudio,
} from "../worker/providers/assemblyai.ts";
import { ProviderContractError, ProviderError } from "../worker/providers/provider-error.ts";
import { signedMediaUrl } from "../worker/uploads/media-url.ts";

/** A whole job, upload to generated text, must finish within this or it ends in `error`. */
export const JOB_TIMEOUT_MS = 30 * 60 * 1000;
/** Outages are retried with growing delays, this many times per step, before the job gives up. */
export const MAX_RETRIES = 5;

type Step = "upload" | "transcribe" | "poll" | "generate";

export interface JobState extends JobInput {
  step: Step;
  startedAt: number;
  retries: number;
  uploadUrl?: string;
  transcriptId?: string;
  transcript?: string;
}

/** A failure the user reads on the press release page. */
class JobFailure extends Error {}

/**
 * Runs one press release job, one step per alarm (upload, create transcript, poll every 3 s,
 * generate), so the job survives the browser closing and the Worker restarting: each alarm
 * resumes from the step stored last. The public status lives in D1 (`press_releases`).
 */
export class PressReleaseJob extends DurableObject<Env> {
  private readonly intake = pressReleaseIntake((input) => this.start(input));

  /** `POST /api/press-releases`, handed over by the Worker: checks, stores the recording and starts. */
  override async fetch(request: Request): Promise<Response> {
    return this.intake.fetch(request, this.env);
  }

  /** Starts the job once; a repeated call for the same job changes nothing. */
  async start(input: JobInput): Promise<void> {
    if (await this.ctx.storage.get<JobState>("job")) return;
    const job: JobState = { ...input, step: "upload", startedAt: Date.now(), retries: 0 };
    await this.ctx.storage.put("job", job);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * The job was deleted by its owner: stop work and forget it. Answers the provider transcript it
   * had created, if any, so the caller can delete that too.
   */
  async cancel(): Promise<string | null> {
    const job = await this.ctx.storage.get<JobState>("job");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    return job?.transcriptId ?? null;
  }

  async state(): Promise<JobState | undefined> {
    return this.ctx.storage.get<JobState>("job");
  }

  override async alarm(): Promise<void> {
    const job = await this.ctx.storage.get<JobState>("job");
    if (!job) return;
    try {
      if (Date.now() - job.startedAt > JOB_TIMEOUT_MS) {
        throw new JobFailure("The press release took longer than 30 minutes and was stopped. Please try again.");
      }
      const next = await this.runStep(job);
      // A cancel that arrived while a provider call was in flight: what that call created must not
      // outlive the job.
      if (!(await this.ctx.storage.get<JobState>("job"))) {
        const created = next === "done" ? undefined : next.changes.transcriptId;
        if (created) {
          await deleteTranscript(objectProviders(this.env, job.origin)("assemblyai"), created).catch((error: unknown) =>
            console.error(`[PressReleaseJob ${job.id}] deleting transcript ${created} after cancel failed`, error),
          );
        }
        return;
      }
      if (next === "done") {
        await this.ctx.storage.deleteAll();
        return;
      }
      await this.ctx.storage.put("job", { ...job, ...next.changes, retries: 0 });
      await this.ctx.storage.setAlarm(Date.now() + next.delayMs);
    } catch (error) {
      await this.handleFailure(job, error);
    }
  }

  private async runStep(job: JobState): Promise<"done" | { changes: Partial<JobState>; delayMs: number }> {
    const providers = objectProviders(this.env, job.origin);
    switch (job.step) {
      case "upload": {
        if (job.byUrl) {
          const uploadUrl = await signedMediaUrl(this.env.DB, job.origin, job.r2Key, job.byUrl.contentType);
          await updateStatus(this.env.DB, job.id, { status: "processing" });
          return { changes: { step: "transcribe", uploadUrl }, delayMs: 0 };
        }
        const object = await this.env.AUDIO.get(job.r2Key);
        if (!object) throw new JobFailure("The uploaded recording is no longer available. Please upload it again.");
        const uploadUrl = await uploadAudio(providers("assemblyai"), object.body);
        await updateStatus(this.env.DB, job.id, { status: "processing" });
        return { changes: { step: "transcribe", uploadUrl }, delayMs: 0 };
      }
      case "transcribe": {
        const transcript = await createTranscript(providers("assemblyai"), {
          audioUrl: job.uploadUrl ?? "",
          speechModels: loadConfig(this.env).models.transcription,
        });
        await recordTranscriptId(this.env.DB, job.id, transcript.id);
        return { changes: { step: "poll", transcriptId: transcript.id }, delayMs: JOB_POLL_MS };
      }
      case "poll": {
        const transcript = await getTranscript(providers("assemblyai"), job.transcriptId ?? "");
        if (transcript.status === "error") {
          throw new JobFailure(
            `The recording could not be transcribed${transcript.error ? `: ${transcript.error}` : "."}`,
          );
        }
        if (transcript.status !== "completed") return { changes: {}, delayMs: JOB_POLL_MS };
        const text = transcript.text?.trim();
        if (!text) throw new JobFailure("No speech was found in the recording, so there is nothing to write up.");
        return { changes: { step: "generate", transcript: text }, delayMs: 0 };
      }
      case "generate": {
        const text = await generateText(providers("assemblyai-llm"), {
          model: loadConfig(this.env).models.pressRelease,
          messages: pressReleaseMessages(job.transcript ?? "", new Date()),
          maxTokens: PRESS_RELEASE_MAX_OUTPUT_TOKENS,
          temperature: PRESS_RELEASE_TEMPERATURE,
        });
        await updateStatus(this.env.DB, job.id, { status: "completed", text });
        return "done";
      }
    }
  }

  private async handleFailure(job: JobState, error: unknown): Promise<void> {
    if (error instanceof ProviderError && error.retryable && job.retries < MAX_RETRIES) {
      const retries = job.retries + 1;
      console.warn(`[PressReleaseJob ${job.id}] ${job.step} failed, retry ${retries}`, error.message);
      await this.ctx.storage.put("job", { ...job, retries });
      await this.ctx.storage.setAlarm(Date.now() + Math.min(60_000, JOB_POLL_MS * 2 ** retries));
      return;
    }
    console.error(`[PressReleaseJob ${job.id}] ${job.step} failed`, error);
    await updateStatus(this.env.DB, job.id, { status: "error", error: userMessage(error) });
    await this.ctx.storage.deleteAll();
  }
}

function userMessage(error: unknown): string {
  if (error instanceof JobFailure) return error.message;
  if (error instanceof ProviderContractError) {
    return "The transcription service answered in a way Vox does not understand. Please try again later, or contact us if it keeps happening.";
  }
  if (error instanceof ProviderError) {
    if (error.retryable) return "The transcription service is not answering. Please try again later.";
    if (error.status === 401 || error.status === 403) {
      return "Vox could not use the transcription service right now. Please try again later.";
    }
    if (error.provider === "assemblyai-llm") {
      return "The press release could not be written from this recording. Please try again, or contact us if it keeps happening.";
    }
    return `The transcription service refused the recording${error.detail ? `: ${error.detail}` : "."}`;
  }
  return "Something went wrong while writing the press release. Please try again.";
}
