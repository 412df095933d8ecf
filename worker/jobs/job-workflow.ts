import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { runJob } from "./engine.ts";
import type { JobParams } from "./pipeline.ts";

/** Every multi-step job, as a Cloudflare Workflow instance named by the job's id (`worker/jobs/engine.ts`). */
export class JobWorkflow extends WorkflowEntrypoint<Env, JobParams> {
  override async run(event: Readonly<WorkflowEvent<JobParams>>, step: WorkflowStep): Promise<void> {
    await runJob(this.env, event.payload, step);
  }
}
