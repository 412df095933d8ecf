import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../contracts/languages.ts";
import type { Provider, ProviderEndpoint } from "../core/config.ts";
import { releaseOptionsSchema } from "../press-releases/contracts/release-options.ts";
import { ProviderContractError, ProviderError } from "../providers/provider-error.ts";
import type { TimedSentence } from "../reports/contracts/sentiment.ts";
import { JOB_KINDS } from "./contracts/jobs.ts";

/**
 * What a job kind is to the engine: a list of named steps. Each step reads what the steps before
 * it found and answers what it found itself (kept by the engine, so a restarted job does not redo
 * it), or asks to be run again after a pause (polling a provider).
 */

/** What a job starts with, as the intake hands it to the engine and a sweep restarts it. */
export const jobParamsSchema = z.object({
  kind: z.enum(JOB_KINDS),
  id: z.uuid(),
  /** Empty for a regeneration, which never reads the recording. */
  r2Key: z.string(),
  contentType: z.string().min(1),
  /** The site the job was started from; the provider fetches media from it. */
  origin: z.url(),
  /** The provider fetches the recording from a signed URL instead of being sent it. */
  byUrl: z.boolean(),
  startedAt: z.number().int(),
  /** The language spoken in the recording; jobs started before languages were English. */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  /** A press release is also given in the recording's language. */
  alsoInLanguage: z.boolean().default(false),
  /**
   * A finished press release written again from its kept transcript with these options; `id` names
   * the request (and the Workflow instance), the job's own `id` the release.
   */
  regeneration: releaseOptionsSchema.extend({ id: z.uuid() }).optional(),
});
export type JobParams = z.infer<typeof jobParamsSchema>;

/** What earlier steps found. Kept small: the engine stores every step's answer (at most 1 MiB). */
export interface JobState {
  readonly audioUrl?: string;
  readonly transcriptId?: string;
  readonly transcript?: string;
  /** The transcript's sentences with their times, when the recording was not in English. */
  readonly sentences?: readonly TimedSentence[];
  /** A recording transcribed in parts: where the next part starts, in bytes and in seconds. */
  readonly nextByte?: number;
  readonly nextSecond?: number;
  /** The transcript in English, when the recording was not. */
  readonly translation?: string;
  /** A press release written but not yet kept (it is translated first), and its alternative headlines. */
  readonly release?: string;
  readonly headlines?: readonly string[];
}

/**
 * `done`: the step is finished. `more`: it has more of the same work to do (the next part of a
 * recording) and runs again at once, each run its own kept step. `wait`: it runs again after a
 * pause (polling a provider). `failed`: the job ends with this message.
 */
export type StepOutcome =
  | { readonly done: JobState }
  | { readonly more: JobState }
  | { readonly wait: true }
  | { readonly failed: string };

export interface RunningJob {
  readonly env: Env;
  readonly params: JobParams;
  readonly providers: (provider: Provider) => ProviderEndpoint;
}

export interface JobStep {
  readonly name: string;
  run(job: RunningJob, state: JobState): Promise<StepOutcome>;
}

export interface JobPipeline {
  /** The steps for this job; fixed by its parameters, so a resumed job runs the same list. */
  steps(params: JobParams): readonly JobStep[];
  /** What the owner reads when the job fails with `error`. */
  failureMessage(error: unknown): string;
}

/** A failure the owner reads as it is; never retried. */
export class JobFailure extends Error {}

/** The job was deleted while a step ran; what the step made has been cleaned up. */
export class JobGone extends Error {}

export const done = (state: JobState = {}): StepOutcome => ({ done: state });
export const again: StepOutcome = { wait: true };
export const more = (state: JobState): StepOutcome => ({ more: state });

/**
 * What a job's owner reads when a step failed on its provider, worded for the service the kind
 * uses; `refused` words the provider's refusal of this recording, `otherwise` anything unforeseen.
 */
export function providerFailureMessage(
  error: unknown,
  service: string,
  refused: (error: ProviderError) => string,
  otherwise: string,
): string {
  if (error instanceof JobFailure) return error.message;
  if (error instanceof ProviderContractError) {
    return `The ${service} service answered in a way Vox does not understand. Please try again later, or contact us if it keeps happening.`;
  }
  if (!(error instanceof ProviderError)) return otherwise;
  if (error.retryable) return `The ${service} service is not answering. Please try again later.`;
  if (error.status === 401 || error.status === 403) {
    return `Vox could not use the ${service} service right now. Please try again later.`;
  }
  return refused(error);
}
