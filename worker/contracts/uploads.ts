import { z } from "zod";

/** Resumable uploads (tus 1.0) and the JSON body the analysis tools take for a finished one. */

export const fromUploadSchema = z.object({ upload_id: z.uuid() });
export type FromUpload = z.infer<typeof fromUploadSchema>;
