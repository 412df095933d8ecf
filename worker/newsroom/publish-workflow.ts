import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { z } from "zod";
import { loadConfig } from "../core/config.ts";
import { publishWhenDue } from "./publish.ts";

const publishParams = z.object({ jobId: z.string(), publishAt: z.iso.datetime() });
type PublishParams = z.infer<typeof publishParams>;

/**
 * An embargoed release's own Workflow: it sleeps until the embargo's time, then publishes the
 * release, unless it was taken down or given another time meanwhile (that time has a Workflow of
 * its own).
 */
export class PublishWorkflow extends WorkflowEntrypoint<Env, PublishParams> {
  override async run(event: Readonly<WorkflowEvent<PublishParams>>, step: WorkflowStep): Promise<boolean> {
    const { jobId, publishAt } = publishParams.parse(event.payload);
    await step.sleepUntil("until the embargo lifts", new Date(publishAt));
    return step.do("publish", { retries: { limit: 5, delay: "10 seconds", backoff: "exponential" } }, () =>
      publishWhenDue(this.env, loadConfig(this.env), jobId, publishAt),
    );
  }
}
