import { DurableObject } from "cloudflare:workers";
import { jobIntake } from "./intake.ts";

/**
 * Where a job's request is handed over (`worker/jobs/intake.ts`): the gate, the recording stored
 * and the job started, close to D1 and R2. One object per job, named by its id; it keeps nothing.
 */
export class JobIntake extends DurableObject<Env> {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(jobIntake.fetch(request, this.env));
  }
}
