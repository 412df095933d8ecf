import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../worker/config.ts";
import { objectProviders } from "../worker/object-providers.ts";
import { analyseRecording } from "../worker/providers/deepgram.ts";
import { ProviderContractError, ProviderError } from "../worker/providers/provider-error.ts";
import { type SentimentJobInput, sentimentIntake } from "../worker/sentiment/intake.ts";
import { reportKey, updateSentimentJob } from "../worker/sentiment/store.ts";
import { signedMediaUrl } from "../worker/uploads/media-url.ts";

/** Outages are retried with growing delays, this many times, before the report ends in `error`. */
export const SENTIMENT_MAX_RETRIES = 5;
const RETRY_BASE_MS = 3000;

interface SentimentJobState extends SentimentJobInput {
  retries: number;
}

/**
 * One sentiment report on a stored recording. The provider fetches the media by a short-lived URL
 * and analyses hours of it before answering, longer than a request may wait, so the call runs from
 * an alarm; the report goes to R2 and the public state to D1 (`sentiment_reports`).
 */
export class SentimentJob extends DurableObject<Env> {
  private readonly intake = sentimentIntake((input) => this.start(input));

  /** `POST /api/sentiment` on a finished upload, handed over by the Worker: checks and starts. */
  override async fetch(request: Request): Promise<Response> {
    return this.intake.fetch(request, this.env);
  }

  /** Starts the job once; a repeated call for the same job changes nothing. */
  async start(input: SentimentJobInput): Promise<void> {
    if (await this.ctx.storage.get<SentimentJobState>("job")) return;
    await this.ctx.storage.put("job", { ...input, retries: 0 } satisfies SentimentJobState);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** The report was deleted by its owner: stop work and forget it. */
  async cancel(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  async pending(): Promise<boolean> {
    return (await this.ctx.storage.get<SentimentJobState>("job")) !== undefined;
  }

  override async alarm(): Promise<void> {
    const job = await this.ctx.storage.get<SentimentJobState>("job");
    if (!job) return;
    try {
      await updateSentimentJob(this.env.DB, job.id, { status: "processing" });
      const url = await signedMediaUrl(this.env.DB, job.origin, job.r2Key, job.contentType);
      const report = await analyseRecording(objectProviders(this.env, job.origin)("deepgram"), {
        audio: { url },
        model: loadConfig(this.env).models.analysis,
      });
      const key = reportKey(job.id);
      await this.env.AUDIO.put(key, JSON.stringify(report), { httpMetadata: { contentType: "application/json" } });
      await updateSentimentJob(this.env.DB, job.id, { status: "completed", reportKey: key });
      await this.ctx.storage.deleteAll();
    } catch (error) {
      if (error instanceof ProviderError && error.retryable && job.retries < SENTIMENT_MAX_RETRIES) {
        const retries = job.retries + 1;
        console.warn(`[SentimentJob ${job.id}] analysis failed, retry ${retries}`, error.message);
        await this.ctx.storage.put("job", { ...job, retries });
        await this.ctx.storage.setAlarm(Date.now() + Math.min(60_000, RETRY_BASE_MS * 2 ** retries));
        return;
      }
      console.error(`[SentimentJob ${job.id}] analysis failed`, error);
      await updateSentimentJob(this.env.DB, job.id, { status: "error", error: userMessage(error) });
      await this.ctx.storage.deleteAll();
    }
  }
}

function userMessage(error: unknown): string {
  if (error instanceof ProviderContractError) {
    return "The analysis service answered in a way Vox does not understand. Please try again later.";
  }
  if (error instanceof ProviderError) {
    if (error.retryable) return "The analysis service is not answering. Please try again later.";
    if (error.status === 400) return "This file could not be analysed. Check that it plays and has speech in it.";
    return "Vox could not use the analysis service right now. Please try again later.";
  }
  return "Something went wrong while analysing the recording. Please try again.";
}
