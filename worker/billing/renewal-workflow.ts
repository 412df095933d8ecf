import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { type RenewalSweepParams, runRenewalSweep, type SweepReport } from "./renewal-sweep.ts";

/** A renewal sweep, one durable step per page of due renewals (`worker/billing/renewal-sweep.ts`). */
export class RenewalWorkflow extends WorkflowEntrypoint<Env, RenewalSweepParams> {
  override async run(event: Readonly<WorkflowEvent<RenewalSweepParams>>, step: WorkflowStep): Promise<SweepReport> {
    return runRenewalSweep(this.env, event.payload, step);
  }
}
