import { z } from "zod";

/** `POST /api/account/export/files/links`: one link a zip, each named as it will be saved. */
export const accountFilesLinksSchema = z.object({
  expires_at: z.iso.datetime(),
  files: z.array(z.object({ part: z.number().int().positive(), url: z.url(), file_name: z.string() })),
});
export type AccountFilesLinks = z.infer<typeof accountFilesLinksSchema>;
