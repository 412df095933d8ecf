import { z } from "zod";

/** The one error body every endpoint answers with; the site parses it into its ApiError. */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
