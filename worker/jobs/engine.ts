import type { WorkflowStep, WorkflowStepConfig } from "cloudflare:workers";
import { objectProviders } from "../core/object-providers.ts";
import { pressReleasePipeline } from "../press-releases/press-release-steps.ts";
import { setRegenerationStatus } from "../press-releases/regenerations.ts";
import { ProviderError } from "../providers/provider-error.ts";
import { sentimentPipeline } from "../reports/sentiment-steps.ts";
import { JOB_POLL_MS, type JobKind } from "./contracts/jobs.ts";
import {
  type JobParams,
  type JobPipeline,
  type JobState,
  jobParamsSchema,
  type RunningJob,
  type StepOutcome,
} from "./pipeline.ts";
import { setJobStatus } from "./store.ts";

/**
 * The one job engine: a kind's steps run in order, each as a durable Workflow step, so a job
 * survives the browser closing and the process restarting (a finished step is never run again; the
 * one cut off is). A step that fails on an outage is retried with growing delays; anything else
 * ends the job in `error` with a message its owner can act on.
 */

const PIPELINES: Record<JobKind, JobPipeline> = {
  press_release: pressReleasePipeline,
  sentiment: sentimentPipeline,
};

/** Outages are retried 5 times per step, 3 s then 6, 12, 24 and 48 s later, before the job gives up. */
export const STEP_CONFIG = {
  retries: { limit: 5, delay: "3 seconds", backoff: "exponential" },
  // The provider analyses hours of media before it answers (deepgram.ts waits up to 14 minutes).
  timeout: "15 minutes",
} as const satisfies WorkflowStepConfig;

/** How long a job waits between two polls of its provider: every 3 s at first, then less often. */
function pollDelayMs(round: number): number {
  return round < 40 ? JOB_POLL_MS : 15_000;
}

export async function runJob(env: Env, payload: unknown, step: WorkflowStep): Promise<void> {
  const params = jobParamsSchema.parse(payload);
  const pipeline = PIPELINES[params.kind];
  const job: RunningJob = { env, params, providers: objectProviders(env, params.origin) };
  let state: JobState = {};
  try {
    for (const { name, run } of pipeline.steps(params)) {
      for (let round = 0; ; round++) {
        const stepName = round === 0 ? name : `${name} (${round + 1})`;
        const outcome = await step.do(stepName, STEP_CONFIG, () => attempt(pipeline, () => run(job, state)));
        if ("failed" in outcome) return await step.do("record the failure", () => endJob(env, params, outcome.failed));
        if ("done" in outcome) {
          state = { ...state, ...outcome.done };
          break;
        }
        if ("more" in outcome) {
          state = { ...state, ...outcome.more };
          continue;
        }
        await step.sleep(`${stepName}: pause`, pollDelayMs(round));
      }
    }
  } catch (error) {
    // A step that kept failing on outages: its last error carries the kind's message.
    const message = error instanceof Error ? error.message : pipeline.failureMessage(error);
    await step.do("record the failure", () => endJob(env, params, message));
  }
}

/**
 * Errors leave a step as the message their owner would read, since the engine keeps only a
 * message and the kind knows what to say. An outage is thrown, to be retried; anything else is the
 * step's answer, so it is final and its message reaches the owner as written.
 */
async function attempt(pipeline: JobPipeline, run: () => Promise<StepOutcome>): Promise<StepOutcome> {
  try {
    return await run();
  } catch (error) {
    const message = pipeline.failureMessage(error);
    if (error instanceof ProviderError && error.retryable) {
      console.warn(`[job] step failed, will retry: ${error.message}`);
      throw new Error(message);
    }
    console.error("[job] step failed", error);
    return { failed: message };
  }
}

/** A failed regeneration ends itself; the release it was for stays as it was. */
async function endJob(env: Env, params: JobParams, message: string): Promise<void> {
  if (params.regeneration)
    await setRegenerationStatus(env.DB, params.regeneration.id, { status: "error", error: message });
  else await setJobStatus(env.DB, params.id, { status: "error", error: message });
}
