import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { z } from "zod";
import { mailNextBatch } from "./send-release.ts";

const sendParams = z.object({ sendId: z.string() });
type SendParams = z.infer<typeof sendParams>;

/** Batches one send can take: the largest plan's list, a batch a step. */
const MAX_BATCHES = 2_100;

/**
 * One send of a release: a durable step per batch of recipients, so a Worker killed mid-send
 * resumes at the batch it was mailing, and what was mailed before is never mailed again.
 */
export class SendWorkflow extends WorkflowEntrypoint<Env, SendParams> {
  override async run(event: Readonly<WorkflowEvent<SendParams>>, step: WorkflowStep): Promise<number> {
    const { sendId } = sendParams.parse(event.payload);
    let batches = 0;
    for (let left = 1; left > 0 && batches < MAX_BATCHES; batches++) {
      left = await step.do(
        `mail batch ${batches + 1}`,
        { retries: { limit: 5, delay: "10 seconds", backoff: "exponential" }, timeout: "5 minutes" },
        () => mailNextBatch(this.env, sendId),
      );
    }
    return batches;
  }
}
