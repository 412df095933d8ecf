import { z } from "zod";
import { JOB_STATUSES } from "./jobs.ts";

/** What every job answers, whatever its kind; each kind's schema adds its result. */
export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  file_name: z.string(),
  bytes: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  error: z.string().optional(),
});

/** The 202 a job is started with. */
export const createdJobSchema = jobSchema.pick({ id: true, status: true });
