import { ApiError, EMAIL_UNVERIFIED } from "../api/client.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";

/**
 * A tool call failed. 401, 402 and an unverified e-mail were already answered by the API client
 * (session ended, sent to /pricing, verify dialog); anything else gets a clear toast rather than only a log.
 */
export function reportToolError(error: unknown): void {
  if (isAnsweredByClient(error)) return;
  toast.error(errorMessage(error));
}

/** Failures the API client has already shown the user something for. */
export function isAnsweredByClient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 402 || error.code === EMAIL_UNVERIFIED);
}
