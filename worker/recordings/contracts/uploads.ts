import { z } from "zod";

/**
 * Resumable uploads (tus 1.0) and the JSON body the analysis tools take for a finished one. The
 * job's options travel beside the id: `language` is checked against the routing table by the
 * intake (so an unserved language is refused with its reason), `also_in_language` asks a press
 * release for a copy in the recording's language too.
 */

export const fromUploadSchema = z.object({
  upload_id: z.uuid(),
  language: z.unknown().optional(),
  also_in_language: z.boolean({ error: "also_in_language is true or false" }).optional(),
});
export type FromUpload = z.infer<typeof fromUploadSchema>;
