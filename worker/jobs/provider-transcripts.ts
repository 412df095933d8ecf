import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { deleteTranscript } from "../providers/assemblyai.ts";
import { ProviderError } from "../providers/provider-error.ts";

/**
 * Deletes transcripts the provider keeps for press releases. Fails with 502 `deletion_incomplete`
 * when the provider cannot be reached, so the caller stops before deleting its own rows and a retry
 * can finish the job.
 */
export async function deleteProviderTranscripts(c: Context<AppEnv>, ids: Iterable<string>): Promise<void> {
  const assemblyAi = c.var.provider("assemblyai");
  for (const id of ids) {
    try {
      await deleteTranscript(assemblyAi, id);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.error(`[deletion] transcript ${id} could not be deleted at the provider`, error);
      throw new ApiError(
        502,
        "deletion_incomplete",
        "This could not be fully deleted because the transcription service is not answering. Nothing was lost; please try again shortly.",
      );
    }
  }
}
